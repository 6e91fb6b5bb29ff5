import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { WORKSPACE_OPERATIONS as operations } from "@/lib/operations/workspace-operations";
import { changeMemberRole } from "@/lib/workspaces/change-member-role";
import { leaveWorkspace } from "@/lib/workspaces/leave-workspace";
import { removeWorkspaceMember } from "@/lib/workspaces/remove-workspace-member";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.changeMemberRole, async ({ principal, params, body }) => ({
    member: await changeMemberRole(principal, params.userId, body),
  })),
  // One's own id leaves the workspace; another's removes them (admins only). Either way the user
  // moves to a fresh personal workspace with their snaps.
  implement(operations.removeWorkspaceMember, async ({ principal, params }) => {
    if (params.userId === principal.userId) await leaveWorkspace(principal);
    else await removeWorkspaceMember(principal, params.userId);
    return { success: true };
  }),
);
