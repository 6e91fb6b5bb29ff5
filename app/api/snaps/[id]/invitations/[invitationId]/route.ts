import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { MEMBER_OPERATIONS as operations } from "@/lib/operations/member-operations";
import { revokeSnapInvitation } from "@/lib/board-members/revoke-snap-invitation";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.revokeSnapInvitation, async ({ principal, params }) => {
    await revokeSnapInvitation(principal, params.id, params.invitationId);
    return { success: true };
  }),
);
