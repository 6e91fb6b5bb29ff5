import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { MEMBER_OPERATIONS as operations } from "@/lib/operations/member-operations";
import { inviteSnapMember } from "@/lib/board-members/invite-snap-member";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listSnapMembers),
  implement(operations.inviteSnapMember, async ({ principal, params, body }) => ({ invitation: await inviteSnapMember(principal, params.id, body) })),
);
