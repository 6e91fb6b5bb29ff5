import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { MEMBER_OPERATIONS as operations } from "@/lib/operations/member-operations";
import { removeWorkspaceGuest } from "@/lib/board-members/remove-workspace-guest";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.removeWorkspaceGuest, async ({ principal, params }) => {
    await removeWorkspaceGuest(principal, params.userId);
    return { success: true };
  }),
);
