import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { INVITATION_OPERATIONS as operations } from "@/lib/operations/invitation-operations";
import { listOwnInvitations } from "@/lib/workspaces/list-own-invitations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listOwnInvitations, async ({ principal }) => listOwnInvitations(principal)),
);
