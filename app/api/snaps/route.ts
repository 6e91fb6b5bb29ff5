import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { SNAP_OPERATIONS as operations } from "@/lib/operations/snap-operations";
import { listOwnSnaps } from "@/lib/snaps/list-own-snaps";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listOwnSnaps, async ({ principal }) => ({ snaps: await listOwnSnaps(principal) })),
  implement(operations.createSnap),
);
