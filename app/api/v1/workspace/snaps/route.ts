import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { SNAP_OPERATIONS as operations } from "@/lib/operations/snap-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(implement(operations.listWorkspaceSnaps));
