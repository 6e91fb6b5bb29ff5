import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { INVITATION_OPERATIONS as operations } from "@/lib/operations/invitation-operations";
import { declineAnyInvitation } from "@/lib/board-members/answer-invitation";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.declineInvitation, async ({ principal, params }) => {
    await declineAnyInvitation(principal, params.id);
    return { success: true };
  }),
);
