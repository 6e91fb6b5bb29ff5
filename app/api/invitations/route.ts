import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { INVITATION_OPERATIONS as operations } from "@/lib/operations/invitation-operations";
import { listAllOwnInvitations } from "@/lib/board-members/list-all-own-invitations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listOwnInvitations, async ({ principal }) => listAllOwnInvitations(principal)),
);
