import {
  sharedSnapSchema,
  sharedWithMeResponseSchema,
  snapInvitationResponseSchema,
  snapInvitationSchema,
  snapMemberInviteSchema,
  snapMemberResponseSchema,
  snapMemberRoleChangeSchema,
  snapMemberSchema,
  snapMembersResponseSchema,
  workspaceGuestSchema,
  workspaceGuestsResponseSchema,
} from "@/lib/board-members/member-schemas";
import { connectedAppSchema, connectedAppsResponseSchema } from "@/lib/oauth/connected-app-schemas";
import type { z } from "zod";
import { apiKeysResponseSchema, apiKeySummarySchema, createApiKeyInputSchema, createdApiKeyResponseSchema } from "@/lib/auth/api-keys/schemas";
import { auditEntrySchema, auditLogResponseSchema } from "@/lib/audit/audit-schemas";
import { searchResponseSchema, searchResultSchema } from "@/lib/search/search-schemas";
import {
  cardBatchCreateSchema,
  cardBatchUpdateSchema,
  cardCreateSchema,
  cardResponseSchema,
  cardSchema,
  cardsResponseSchema,
  cardUpdateSchema,
  listCardSchema,
} from "@/lib/board-model/card-schemas";
import {
  folderCreateSchema,
  folderResponseSchema,
  folderSchema,
  foldersResponseSchema,
  folderSummarySchema,
  folderUpdateSchema,
} from "@/lib/folders/folder-schemas";
import { snapChangesResponseSchema, snapChangesSchema } from "@/lib/snaps/change-schemas";
import { rangeResponseSchema, rangeWriteSchema } from "@/lib/board-model/range-schemas";
import { healthSchema } from "@/lib/health/health-schemas";
import { historyEntrySchema, historyResponseSchema, restoreSchema } from "@/lib/history/history-schemas";
import { errorBodySchema } from "@/lib/http/error-schemas";
import { lineCreateSchema, lineResponseSchema, lineSchema, lineUpdateSchema } from "@/lib/board-model/line-schemas";
import { presenceUpdateSchema } from "@/lib/live/live-schemas";
import { mcpRequestSchema, mcpResponseSchema } from "@/lib/operations/mcp-message-schemas";
import {
  listSnapSchema,
  paginationSchema,
  snapListResponseSchema,
  snapResponseSchema,
  snapSchema,
  snapSummarySchema,
  snapUpdateSchema,
  workspaceSnapsResponseSchema,
} from "@/lib/snaps/snap-schemas";
import { changePasswordInputSchema, signUpInputSchema, userResponseSchema, userSchema } from "@/lib/users/schemas";
import { snapCreateRequestSchema } from "@/lib/templates/snap-from-template-schemas";
import { templateCreateSchema, templateResponseSchema, templateSchema, templatesResponseSchema } from "@/lib/templates/template-schemas";
import { duplicateSnapSchema, importDryRunResponseSchema, snapDocumentSchema } from "@/lib/transfer/transfer-schemas";
import { formatImportDryRunResponseSchema } from "@/lib/transfer/formats/format-schemas";
import { importJobResponseSchema, importJobSchema } from "@/lib/transfer/import-jobs/import-job-schemas";
import { trelloBoardSchema } from "@/lib/transfer/formats/trello-schemas";
import { successResponseSchema } from "@/lib/validation/common";
import { addWorkspaceMemberInputSchema, changeMemberRoleInputSchema } from "@/lib/workspaces/schemas";
import { openApiDocumentSchema } from "../operations/openapi-document-schema";
import {
  commentCreateSchema,
  commentResolveSchema,
  commentResponseSchema,
  commentSchema,
  commentsResponseSchema,
  commentUpdateSchema,
} from "@/lib/comments/comment-schemas";
import { fileResponseSchema, fileSchema, filesResponseSchema } from "@/lib/files/file-schemas";
import { markReadSchema, notificationSchema, notificationsResponseSchema, unreadCountResponseSchema } from "@/lib/notifications/notification-schemas";
import { accountResponseSchema, accountUpdateSchema } from "@/lib/users/account-schemas";
import { WEBHOOK_REQUEST_SCHEMAS, WEBHOOK_RESPONSE_SCHEMAS } from "./webhook-document";
import { workspaceMemberResponseSchema, workspaceMembersResponseSchema, workspaceMemberSchema } from "@/lib/workspaces/member-response-schemas";
import {
  acceptedInvitationResponseSchema,
  invitationResponseSchema,
  invitationSchema,
  ownInvitationSchema,
  ownInvitationsResponseSchema,
  workspaceInvitationSchema,
  workspaceInvitationsResponseSchema,
} from "@/lib/workspaces/invitation-schemas";

export interface NamedSchema {
  name: string;
  schema: z.ZodType;
  description: string;
}

/**
 * Request bodies, converted as input (what a caller may send: fields with defaults are optional).
 * These are the very schemas the handlers parse with.
 */
export const REQUEST_SCHEMAS: readonly NamedSchema[] = [
  {
    name: "SnapCreate",
    schema: snapCreateRequestSchema,
    description: "POST /api/snaps. Every field optional; with templateId, only the fields sent replace the template's.",
  },
  {
    name: "SnapDocumentImport",
    schema: snapDocumentSchema,
    description: "POST /api/snaps/import: an export document; left-out card and line fields take their defaults.",
  },
  {
    name: "TrelloBoardExport",
    schema: trelloBoardSchema,
    description: 'POST /api/snaps/import/trello: a board as Trello\'s "Export as JSON" writes it; the fields read are listed, every other field is ignored.',
  },
  { name: "DuplicateSnap", schema: duplicateSnapSchema, description: "POST /api/snaps/{id}/duplicate." },
  { name: "TemplateCreate", schema: templateCreateSchema, description: "POST /api/templates." },
  { name: "CommentCreate", schema: commentCreateSchema, description: "POST /api/snaps/{id}/comments." },
  { name: "CommentUpdate", schema: commentUpdateSchema, description: "PATCH /api/comments/{id}." },
  { name: "AccountUpdate", schema: accountUpdateSchema, description: "PATCH /api/account." },
  { name: "CommentResolve", schema: commentResolveSchema, description: "POST /api/comments/{id}/resolve." },
  { name: "MarkNotificationsRead", schema: markReadSchema, description: "POST /api/notifications/read: ids, or all." },
  {
    name: "SnapUpdate",
    schema: snapUpdateSchema,
    description: "PATCH /api/snaps/{id}. isPublic, shareMode and sharedWithWorkspace: owner or workspace admin only.",
  },
  { name: "CardCreate", schema: cardCreateSchema, description: "POST /api/snaps/cards/{id}: row and col required; snapId, if sent, must equal the path's." },
  { name: "CardUpdate", schema: cardUpdateSchema, description: "PATCH /api/snaps/cards/{id}: any card field but id and snapId." },
  { name: "CardBatchCreate", schema: cardBatchCreateSchema, description: "1 to 100 cards, each naming its snap; all or nothing." },
  { name: "CardBatchUpdate", schema: cardBatchUpdateSchema, description: "1 to 100 updates, each naming a card once; all or nothing." },
  {
    name: "SnapChanges",
    schema: snapChangesSchema,
    description: "POST /api/snaps/{id}/changes: 1 to 5,000 items in all, each card named once; all or nothing, one change.",
  },
  { name: "RangeWrite", schema: rangeWriteSchema, description: "PUT /api/snaps/{id}/range: a table of titles from (row, col), at most 5,000 cells." },
  { name: "LineCreate", schema: lineCreateSchema, description: "Two different cards of the snap." },
  { name: "LineUpdate", schema: lineUpdateSchema, description: "Only a line's looks change; its ends are fixed." },
  { name: "PresenceUpdate", schema: presenceUpdateSchema, description: "The card you are editing through one of your event streams, or null." },
  { name: "FolderCreate", schema: folderCreateSchema, description: "A folder of the caller's workspace." },
  { name: "FolderUpdate", schema: folderUpdateSchema, description: "A rename." },
  { name: "ApiKeyCreate", schema: createApiKeyInputSchema, description: "A label to tell keys apart." },
  { name: "SignUp", schema: signUpInputSchema, description: "A new account with a personal workspace." },
  { name: "ChangePassword", schema: changePasswordInputSchema, description: "The current and the new password." },
  { name: "WorkspaceMemberAdd", schema: addWorkspaceMemberInputSchema, description: "Whom to invite, by email, and the role they get on accepting." },
  { name: "WorkspaceMemberRole", schema: changeMemberRoleInputSchema, description: "The member's new role." },
  { name: "Restore", schema: restoreSchema, description: "POST /api/snaps/{id}/restore: the version to go back to." },
  { name: "McpRequest", schema: mcpRequestSchema, description: "A JSON-RPC 2.0 message of the Model Context Protocol." },
  { name: "SnapMemberInvite", schema: snapMemberInviteSchema, description: "An email and the role it is invited with." },
  { name: "SnapMemberRoleChange", schema: snapMemberRoleChangeSchema, description: "{role}" },
  ...WEBHOOK_REQUEST_SCHEMAS,
];

/** Response bodies, converted as output: exactly what the server answers (extra fields are refused). */
export const RESPONSE_SCHEMAS: readonly NamedSchema[] = [
  { name: "Error", schema: errorBodySchema, description: "Every error, from every /api path." },
  { name: "Success", schema: successResponseSchema, description: "The answer to a delete." },
  { name: "Card", schema: cardSchema, description: "Every field of a card." },
  { name: "ListCard", schema: listCardSchema, description: "A card in GET /api/snaps: nine fields." },
  { name: "Line", schema: lineSchema, description: "A line between two cards of one snap." },
  { name: "FolderSummary", schema: folderSummarySchema, description: "The folder of a snap." },
  { name: "Folder", schema: folderSchema, description: "A folder of the workspace." },
  { name: "Snap", schema: snapSchema, description: "A snap with full cards (grid order), lines and folder." },
  { name: "ListSnap", schema: listSnapSchema, description: "A snap in GET /api/snaps: cards reduced to nine fields, no lines." },
  { name: "SnapSummary", schema: snapSummarySchema, description: "A snap in the workspace listing." },
  { name: "Pagination", schema: paginationSchema, description: "hasMore = offset + snaps.length < total." },
  { name: "SnapResponse", schema: snapResponseSchema, description: "{snap}" },
  { name: "SnapListResponse", schema: snapListResponseSchema, description: "{snaps}" },
  { name: "WorkspaceSnapsResponse", schema: workspaceSnapsResponseSchema, description: "{snaps, pagination}" },
  { name: "CardResponse", schema: cardResponseSchema, description: "{card}" },
  { name: "CardsResponse", schema: cardsResponseSchema, description: "{cards}, in request order." },
  { name: "SnapChangesResponse", schema: snapChangesResponseSchema, description: "{version, created, updated, deleted}: one change's result." },
  { name: "RangeResponse", schema: rangeResponseSchema, description: "{values}: titles as a table." },
  { name: "LineResponse", schema: lineResponseSchema, description: "{line}" },
  { name: "FolderResponse", schema: folderResponseSchema, description: "{folder}" },
  { name: "FoldersResponse", schema: foldersResponseSchema, description: "{folders}" },
  { name: "ApiKey", schema: apiKeySummarySchema, description: "A key as listed: never the secret." },
  { name: "ApiKeysResponse", schema: apiKeysResponseSchema, description: "{apiKeys}" },
  { name: "CreatedApiKeyResponse", schema: createdApiKeyResponseSchema, description: "{apiKey} with the key itself, shown once." },
  { name: "ConnectedApp", schema: connectedAppSchema, description: "An app you allowed through OAuth: never its tokens." },
  { name: "ConnectedAppsResponse", schema: connectedAppsResponseSchema, description: "{apps}" },
  { name: "User", schema: userSchema, description: "A user." },
  { name: "UserResponse", schema: userResponseSchema, description: "{user}" },
  { name: "Health", schema: healthSchema, description: "Liveness and database reachability." },
  { name: "WorkspaceMember", schema: workspaceMemberSchema, description: "A member of the caller's workspace." },
  { name: "WorkspaceMembersResponse", schema: workspaceMembersResponseSchema, description: "{workspace, members}" },
  { name: "WorkspaceMemberResponse", schema: workspaceMemberResponseSchema, description: "{member}" },
  { name: "Invitation", schema: invitationSchema, description: "An invitation into a workspace, as the admin who sent it sees it." },
  { name: "InvitationResponse", schema: invitationResponseSchema, description: "{invitation}" },
  { name: "WorkspaceInvitation", schema: workspaceInvitationSchema, description: "A pending invitation of the caller's workspace." },
  { name: "WorkspaceInvitationsResponse", schema: workspaceInvitationsResponseSchema, description: "{invitations}" },
  { name: "OwnInvitation", schema: ownInvitationSchema, description: "An invitation addressed to the caller, with the workspace and who sent it." },
  { name: "OwnInvitationsResponse", schema: ownInvitationsResponseSchema, description: "{invitations}" },
  { name: "AcceptedInvitationResponse", schema: acceptedInvitationResponseSchema, description: "{kind, workspace, role} or {kind, snap, role}" },
  { name: "SnapMember", schema: snapMemberSchema, description: 'A person on a board, with their role (docs/API.md, "Board members").' },
  { name: "SnapMembersResponse", schema: snapMembersResponseSchema, description: "{members, invitations}" },
  { name: "SnapMemberResponse", schema: snapMemberResponseSchema, description: "{member}" },
  { name: "SnapInvitation", schema: snapInvitationSchema, description: "A pending invitation to a board, as its managers see it." },
  { name: "SnapInvitationResponse", schema: snapInvitationResponseSchema, description: "{invitation}" },
  { name: "SharedSnap", schema: sharedSnapSchema, description: "A board shared with the caller, with their role." },
  { name: "SharedWithMeResponse", schema: sharedWithMeResponseSchema, description: "{snaps}" },
  { name: "WorkspaceGuest", schema: workspaceGuestSchema, description: "Someone outside the workspace on some of its boards." },
  { name: "WorkspaceGuestsResponse", schema: workspaceGuestsResponseSchema, description: "{guests}" },
  { name: "AuditLogEntry", schema: auditEntrySchema, description: "One audit log entry." },
  { name: "AuditLogResponse", schema: auditLogResponseSchema, description: "{entries, nextCursor}" },
  { name: "SearchResult", schema: searchResultSchema, description: "One search result: a snap, a card or a comment, with a snippet." },
  { name: "SearchResponse", schema: searchResponseSchema, description: "{results, nextCursor, hasMore}" },
  { name: "McpResponse", schema: mcpResponseSchema, description: "A JSON-RPC 2.0 response of the Model Context Protocol." },
  { name: "HistoryEntry", schema: historyEntrySchema, description: "One version of a snap: who, when, what." },
  { name: "HistoryResponse", schema: historyResponseSchema, description: "{entries, hasMore}, newest first." },
  { name: "Comment", schema: commentSchema, description: "A comment on a snap or a card: a thread's root or a reply." },
  { name: "CommentResponse", schema: commentResponseSchema, description: "{comment}" },
  { name: "BoardFile", schema: fileSchema, description: "A file uploaded to a snap (an image with its renditions, or any other file)." },
  { name: "FileResponse", schema: fileResponseSchema, description: "{file}" },
  { name: "FilesResponse", schema: filesResponseSchema, description: "{files, nextCursor, hasMore}" },
  { name: "CommentsResponse", schema: commentsResponseSchema, description: "{comments, nextCursor, hasMore}, oldest first." },
  { name: "Notification", schema: notificationSchema, description: "One notification of the inbox." },
  { name: "NotificationsResponse", schema: notificationsResponseSchema, description: "{notifications, unreadCount, nextCursor, hasMore}, newest first." },
  { name: "UnreadCount", schema: unreadCountResponseSchema, description: "{unreadCount}" },
  { name: "AccountResponse", schema: accountResponseSchema, description: "{user, emailNotifications, emailEnabled}" },
  { name: "OpenApiDocument", schema: openApiDocumentSchema, description: "This document." },
  ...WEBHOOK_RESPONSE_SCHEMAS,
  {
    name: "SnapDocument",
    schema: snapDocumentSchema,
    description:
      "The export document (format snap-board, formatVersion 1): every snap field a user sets, cards keyed c1, c2, …, lines by those keys; no ids, owner, sharing or timestamps of the source.",
  },
  { name: "ImportDryRunResponse", schema: importDryRunResponseSchema, description: "{valid, summary}: what an import would make." },
  { name: "ImportJob", schema: importJobSchema, description: "An import running as a job: its status, progress and URL." },
  { name: "ImportJobResponse", schema: importJobResponseSchema, description: "{job}: an import job (202)." },
  {
    name: "FormatImportDryRunResponse",
    schema: formatImportDryRunResponseSchema,
    description: "{valid, summary}: what a CSV, Trello or .xlsx import would make, with its title and first cells.",
  },
  { name: "Template", schema: templateSchema, description: "A template: built-in or saved by the workspace." },
  { name: "TemplatesResponse", schema: templatesResponseSchema, description: "{templates}" },
  { name: "TemplateResponse", schema: templateResponseSchema, description: "{template}" },
];
