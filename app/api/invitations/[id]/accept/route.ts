import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { INVITATION_OPERATIONS as operations } from "@/lib/operations/invitation-operations";
import { acceptInvitation } from "@/lib/workspaces/accept-invitation";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.acceptInvitation, async ({ principal, params }) => acceptInvitation(principal, params.id)),
);
