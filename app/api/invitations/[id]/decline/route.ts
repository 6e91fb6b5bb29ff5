import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { INVITATION_OPERATIONS as operations } from "@/lib/operations/invitation-operations";
import { declineInvitation } from "@/lib/workspaces/decline-invitation";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.declineInvitation, async ({ principal, params }) => {
    await declineInvitation(principal, params.id);
    return { success: true };
  }),
);
