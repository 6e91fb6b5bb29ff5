import { addWorkspaceMemberInputSchema, changeMemberRoleInputSchema } from "@/lib/workspaces/schemas";
import { auditLogQuerySchema, auditLogResponseSchema } from "@/lib/audit/audit-schemas";
import { auditExamples } from "@/lib/operations/examples/audit-examples";
import { examples } from "@/lib/operations/examples/examples";
import { workspaceMemberResponseSchema, workspaceMembersResponseSchema } from "@/lib/workspaces/member-response-schemas";
import { successResponse } from "./success-response";
import { declareOperation } from "./operation";
import { memberUserIdParam } from "./path-params";

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
    summary: "Add a member",
    description: "Admins only: brings an existing user, by email, into your workspace.",
    body: { schema: addWorkspaceMemberInputSchema, example: examples.memberAdd },
    success: { status: 201, description: "The new member.", schema: workspaceMemberResponseSchema, example: examples.memberResponse },
    errors: [400, 401, 403, 404, 409, 413, 415],
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
    description: "Admins only; the removed user moves to a fresh personal workspace with their snaps.",
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
