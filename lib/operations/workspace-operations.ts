import { addWorkspaceMemberInputSchema, changeMemberRoleInputSchema } from "@/lib/workspaces/schemas";
import { auditLogQuerySchema, auditLogResponseSchema } from "@/lib/audit/audit-schemas";
import { auditExamples } from "@/lib/operations/examples/audit-examples";
import { examples } from "@/lib/operations/examples/examples";
import { workspaceMemberResponseSchema, workspaceMembersResponseSchema } from "@/lib/workspaces/member-response-schemas";
import { invitationResponseSchema, workspaceInvitationsResponseSchema } from "@/lib/workspaces/invitation-schemas";
import { successResponse } from "./success-response";
import { declareOperation } from "./operation";
import { invitationIdParam, memberUserIdParam } from "./path-params";

/** The workspace: members and the audit log. */
export const WORKSPACE_OPERATIONS = {
  listWorkspaceMembers: declareOperation({
    method: "get",
    path: "/api/workspace/members",
    operationId: "listWorkspaceMembers",
    tag: "Workspace",
    summary: "List workspace members",
    description: "Your workspace (id and name) and every member with their role and when they joined; any member may read it.",
    success: { status: 200, description: "Your workspace and its members.", schema: workspaceMembersResponseSchema, example: examples.membersResponse },
    errors: [401, 404],
    access: "key-or-session",
  }),
  addWorkspaceMember: declareOperation({
    method: "post",
    path: "/api/workspace/members",
    operationId: "addWorkspaceMember",
    tag: "Workspace",
    summary: "Invite a member",
    description:
      "Admins only: invites an email into your workspace. Nobody is added: the holder of an account with that email " +
      "(now, or once they sign up) sees the invitation and accepts or declines it; it expires after 14 days. The answer " +
      "is the same whether or not the email has an account. Inviting the same email again returns the pending " +
      "invitation (with the new role). 409 for a current member's email, or past 100 pending invitations.",
    body: { schema: addWorkspaceMemberInputSchema, example: examples.memberAdd },
    success: { status: 202, description: "The invitation, pending.", schema: invitationResponseSchema, example: examples.invitationResponse },
    errors: [400, 401, 403, 409, 413, 415],
    access: "key-or-session",
    noOAuth: true,
  }),
  listWorkspaceInvitations: declareOperation({
    method: "get",
    path: "/api/workspace/invitations",
    operationId: "listWorkspaceInvitations",
    tag: "Workspace",
    summary: "List pending invitations",
    description: "Admins only (403): the invitations your workspace sent that are neither accepted, declined, revoked nor expired.",
    success: { status: 200, description: "Newest first.", schema: workspaceInvitationsResponseSchema, example: examples.workspaceInvitationsResponse },
    errors: [401, 403],
    access: "key-or-session",
  }),
  revokeWorkspaceInvitation: declareOperation({
    method: "delete",
    path: "/api/workspace/invitations/{id}",
    operationId: "revokeWorkspaceInvitation",
    tag: "Workspace",
    summary: "Revoke an invitation",
    description: "Admins only (403); another workspace's invitation is 404.",
    pathParams: invitationIdParam,
    success: successResponse("Revoked."),
    errors: [401, 403, 404],
    access: "key-or-session",
    noOAuth: true,
  }),
  changeMemberRole: declareOperation({
    method: "patch",
    path: "/api/workspace/members/{userId}",
    operationId: "changeMemberRole",
    tag: "Workspace",
    summary: "Change a member's role",
    description: "Admins only; the last admin cannot be demoted (409).",
    pathParams: memberUserIdParam,
    body: { schema: changeMemberRoleInputSchema, example: examples.memberRole },
    success: { status: 200, description: "The member.", schema: workspaceMemberResponseSchema, example: examples.memberResponse },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: "key-or-session",
    noOAuth: true,
  }),
  removeWorkspaceMember: declareOperation({
    method: "delete",
    path: "/api/workspace/members/{userId}",
    operationId: "removeWorkspaceMember",
    tag: "Workspace",
    summary: "Remove a member",
    description:
      "Admins only, except with your own user id: then you leave a workspace you were added to, for a fresh personal " +
      "workspace with your snaps (409 for your personal workspace, or as its only admin). A removed user moves the same way.",
    pathParams: memberUserIdParam,
    success: successResponse("Removed."),
    errors: [401, 403, 404, 409],
    access: "key-or-session",
    noOAuth: true,
  }),
  listAuditLog: declareOperation({
    method: "get",
    path: "/api/workspace/audit-log",
    operationId: "listAuditLog",
    tag: "Workspace",
    summary: "Read the workspace's audit log",
    description:
      "Who did what to the workspace's access: sign-ins (failed ones too), sign-outs, API keys, webhooks, members, " +
      "sharing, deletes. Newest first, kept AUDIT_RETENTION_DAYS (default 180). Workspace admins only, " +
      "signed in or with a full-access key (403). Never a secret, hash or password.",
    query: auditLogQuerySchema,
    success: { status: 200, description: "A page of entries.", schema: auditLogResponseSchema, example: auditExamples.auditLogResponse },
    errors: [400, 401, 403],
    access: "key-or-session",
  }),
};
