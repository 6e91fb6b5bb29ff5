import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { MEMBER_OPERATIONS as operations } from "@/lib/operations/member-operations";
import { changeSnapMemberRole } from "@/lib/board-members/change-snap-member-role";
import { removeSnapMember } from "@/lib/board-members/remove-snap-member";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.changeSnapMemberRole, async ({ principal, params, body }) => ({
    member: await changeSnapMemberRole(principal, params.id, params.userId, body),
  })),
  implement(operations.removeSnapMember, async ({ principal, params }) => {
    await removeSnapMember(principal, params.id, params.userId);
    return { success: true };
  }),
);
