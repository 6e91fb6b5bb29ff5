import { auditActorOf } from "@/lib/audit/audit-actor";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { WORKSPACE_OPERATIONS as operations } from "@/lib/operations/workspace-operations";
import { addWorkspaceMember } from "@/lib/workspaces/add-workspace-member";
import { getWorkspaceMember } from "@/lib/workspaces/get-workspace-member";
import { listWorkspaceMembers } from "@/lib/workspaces/list-workspace-members";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listWorkspaceMembers, async ({ principal }) => listWorkspaceMembers(principal)),
  implement(operations.addWorkspaceMember, async ({ principal, body }) => {
    const added = await addWorkspaceMember(principal.userId, body, auditActorOf(principal));
    return { member: await getWorkspaceMember(added.workspaceId, added.user.id) };
  }),
);
