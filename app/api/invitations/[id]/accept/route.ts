import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { INVITATION_OPERATIONS as operations } from "@/lib/operations/invitation-operations";
import { acceptAnyInvitation } from "@/lib/board-members/answer-invitation";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.acceptInvitation, async ({ principal, params }) => acceptAnyInvitation(principal, params.id)),
);
