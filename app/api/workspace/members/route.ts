import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { WORKSPACE_OPERATIONS as operations } from "@/lib/operations/workspace-operations";
import { inviteMember } from "@/lib/workspaces/invite-member";
import { listWorkspaceMembers } from "@/lib/workspaces/list-workspace-members";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listWorkspaceMembers, async ({ principal }) => listWorkspaceMembers(principal)),
  // An invitation, not a membership: the invitee accepts it (docs/API.md, "Invitations").
  implement(operations.addWorkspaceMember, async ({ principal, body }) => ({ invitation: await inviteMember(principal, body) })),
);
