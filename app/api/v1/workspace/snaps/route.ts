import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { SNAP_OPERATIONS as operations } from "@/lib/operations/snap-operations";
import { listWorkspaceSnaps } from "@/lib/snaps/list-workspace-snaps";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listWorkspaceSnaps, async ({ principal, query }) => listWorkspaceSnaps(principal, query)),
);
