import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { WORKSPACE_OPERATIONS as operations } from "@/lib/operations/workspace-operations";
import { listWorkspaceInvitations } from "@/lib/workspaces/list-workspace-invitations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listWorkspaceInvitations, async ({ principal }) => listWorkspaceInvitations(principal)),
);
