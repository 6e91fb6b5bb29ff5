import {
  commentCreateSchema,
  commentListQuerySchema,
  commentResolveSchema,
  commentResponseSchema,
  commentsResponseSchema,
  commentUpdateSchema,
} from "@/lib/comments/comment-schemas";
import { markReadSchema, notificationListQuerySchema, notificationsResponseSchema, unreadCountResponseSchema } from "@/lib/notifications/notification-schemas";
import { exampleComment, exampleNotification } from "@/lib/operations/examples/comment-examples";
import { z } from "zod";
import { commentListArgsSchema } from "@/lib/comments/comment-schemas";
import { createComment } from "@/lib/comments/create-comment";
import { deleteComment } from "@/lib/comments/delete-comment";
import { listComments } from "@/lib/comments/list-comments";
import { resolveComment } from "@/lib/comments/resolve-comment";
import { updateComment } from "@/lib/comments/update-comment";
import { listNotifications } from "@/lib/notifications/list-notifications";
import { markNotificationsRead } from "@/lib/notifications/mark-notifications-read";
import { notificationListArgsSchema } from "@/lib/notifications/notification-schemas";
import { idSchema } from "@/lib/validation/common";
import { successResponse } from "./success-response";
import { declareOperation } from "./operation";
import { snapIdParam } from "./path-params";

const commentIdParam = { id: { description: "The comment id.", example: exampleComment.id } };

/** Comments, threads and mentions on snaps and cards; the notification inbox (docs/API.md, "Comments and notifications"). */
export const COMMENT_OPERATIONS = {
  listComments: declareOperation({
    method: "get",
    path: "/api/snaps/{id}/comments",
    operationId: "listComments",
    tag: "Comments",
    summary: "List a snap's comments",
    description:
      "Read access. Oldest first, replies included (each with its parentId). `cardId` filters to one card's comments, `cardId=board` to those on the board itself. Page with `after` = nextCursor.",
    pathParams: snapIdParam,
    query: commentListQuerySchema,
    success: {
      status: 200,
      description: "One page of comments.",
      schema: commentsResponseSchema,
      example: { comments: [exampleComment], nextCursor: null, hasMore: false },
    },
    errors: [400, 401, 403, 404],
    access: "key-or-session",
    action: (principal, { params, query }) => listComments(principal, params.id, query),
    tools: [
      {
        name: "list_comments",
        title: "List a snap's comments",
        mode: "read",
        arguments: z.strictObject({ id: idSchema.describe("The snap id."), ...commentListArgsSchema.shape }),
      },
    ],
  }),
  createComment: declareOperation({
    method: "post",
    path: "/api/snaps/{id}/comments",
    operationId: "createComment",
    tag: "Comments",
    summary: "Comment on a snap or a card",
    description:
      "Whoever may comment on the snap (the workspace share in `comment` or `edit` mode, a commenter or editor, the owner, an admin; not a viewer), with a session or a key that may write (a read-only key: 403). Mention people with `<@USER_ID>` in the body: each must be able to read the snap (400 naming the one who cannot), at most 20. `parentId` replies to a thread (a reply to a reply joins its root). Notifies the people mentioned, the thread's participants, or the snap's owner. At most 10,000 comments per snap (409).",
    pathParams: snapIdParam,
    body: { schema: commentCreateSchema, example: { body: exampleComment.body, cardId: exampleComment.cardId } },
    success: { status: 201, description: "The comment.", schema: commentResponseSchema, example: { comment: exampleComment } },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: "key-or-session",
    action: async (principal, { params, body }) => ({ comment: await createComment(principal, params.id, body) }),
    tools: [{ name: "add_comment", title: "Comment on a snap or a card", mode: "write", hint: "Reply with parentId; read the thread with list_comments." }],
  }),
  updateComment: declareOperation({
    method: "patch",
    path: "/api/comments/{id}",
    operationId: "updateComment",
    tag: "Comments",
    summary: "Edit a comment",
    description: "Its author only (403 otherwise). Sets editedAt; people mentioned for the first time are notified.",
    pathParams: commentIdParam,
    body: { schema: commentUpdateSchema, example: { body: "Dates checked." } },
    success: { status: 200, description: "The comment as edited.", schema: commentResponseSchema, example: { comment: exampleComment } },
    errors: [400, 401, 403, 404, 413, 415],
    access: "key-or-session",
    action: async (principal, { params, body }) => ({ comment: await updateComment(principal, params.id, body) }),
  }),
  deleteComment: declareOperation({
    method: "delete",
    path: "/api/comments/{id}",
    operationId: "deleteComment",
    tag: "Comments",
    summary: "Delete a comment",
    description:
      "Its author, the snap's owner or a workspace admin. A root with replies stays as `deleted: true` with an empty body; anything else disappears (a deleted root with its last reply).",
    pathParams: commentIdParam,
    success: successResponse("Deleted."),
    errors: [401, 403, 404],
    access: "key-or-session",
    action: async (principal, { params }) => {
      await deleteComment(principal, params.id);
      return { success: true as const };
    },
  }),
  resolveComment: declareOperation({
    method: "post",
    path: "/api/comments/{id}/resolve",
    operationId: "resolveComment",
    tag: "Comments",
    summary: "Resolve or reopen a thread",
    description: "A thread's root only (400 on a reply), by anyone who may comment on the snap.",
    pathParams: commentIdParam,
    body: { schema: commentResolveSchema, example: { resolved: true } },
    success: { status: 200, description: "The root comment.", schema: commentResponseSchema, example: { comment: exampleComment } },
    errors: [400, 401, 403, 404, 413, 415],
    access: "key-or-session",
    action: async (principal, { params, body }) => ({ comment: await resolveComment(principal, params.id, body.resolved) }),
    tools: [{ name: "resolve_comment", title: "Resolve or reopen a thread", mode: "write", idempotent: true }],
  }),
  listNotifications: declareOperation({
    method: "get",
    path: "/api/notifications",
    operationId: "listNotifications",
    tag: "Notifications",
    summary: "Your notifications",
    description:
      "Newest first: mentions of you, replies in threads you took part in, new comments on your snaps; only of snaps you can read now. Page with `after` = nextCursor. The newest 1,000 are kept.",
    query: notificationListQuerySchema,
    success: {
      status: 200,
      description: "One page, and the unread count.",
      schema: notificationsResponseSchema,
      example: { notifications: [exampleNotification], unreadCount: 1, nextCursor: null, hasMore: false },
    },
    errors: [400, 401],
    access: "key-or-session",
    action: (principal, { query }) => listNotifications(principal, query),
    tools: [{ name: "list_notifications", title: "List your notifications", mode: "read", arguments: notificationListArgsSchema }],
  }),
  markNotificationsRead: declareOperation({
    method: "post",
    path: "/api/notifications/read",
    operationId: "markNotificationsRead",
    tag: "Notifications",
    summary: "Mark notifications read",
    description: '`{ "ids": [...] }` (at most 100; ids not yours change nothing) or `{ "all": true }`.',
    body: { schema: markReadSchema, example: { ids: [exampleNotification.id] } },
    success: { status: 200, description: "The unread count after.", schema: unreadCountResponseSchema, example: { unreadCount: 0 } },
    errors: [400, 401, 403, 413, 415],
    access: "key-or-session",
    action: (principal, { body }) => markNotificationsRead(principal, body),
  }),
  streamNotifications: declareOperation({
    method: "get",
    path: "/api/notifications/stream",
    operationId: "streamNotifications",
    tag: "Notifications",
    summary: "Stream your new notifications (Server-Sent Events)",
    description:
      "`ready` ({unreadCount}), then `notification` (one notification, as in the listing) for each new one and `unread` ({unreadCount}) when the count moves. A `: ping` comment every 20 s; the server ends a stream after 10 minutes (EventSource reconnects), and at once with `access-revoked` when the key, connected app or session it was opened with ends. " +
      "Counts with the snap event streams against LIVE_MAX_STREAMS_PER_USER (default 20) open streams per user per instance: past it, 429 with Retry-After.",
    success: { status: 200, description: "The event stream (text/event-stream).", eventStream: true },
    errors: [401, 429],
    access: "key-or-session",
  }),
};
