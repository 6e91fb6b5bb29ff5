import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { WORKSPACE_OPERATIONS as operations } from "@/lib/operations/workspace-operations";
import { revokeInvitation } from "@/lib/workspaces/revoke-invitation";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.revokeWorkspaceInvitation, async ({ principal, params }) => {
    await revokeInvitation(principal, params.id);
    return { success: true };
  }),
);
