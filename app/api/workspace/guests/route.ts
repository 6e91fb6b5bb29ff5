import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { MEMBER_OPERATIONS as operations } from "@/lib/operations/member-operations";
import { listWorkspaceGuests } from "@/lib/board-members/list-workspace-guests";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listWorkspaceGuests, async ({ principal }) => listWorkspaceGuests(principal)),
);
