import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { SNAP_OPERATIONS as operations } from "@/lib/operations/snap-operations";
import { streamOwnSnaps } from "@/lib/snaps/stream-own-snaps";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listOwnSnaps, async ({ principal }) => new Response(streamOwnSnaps(principal), { headers: { "Content-Type": "application/json" } })),
  implement(operations.createSnap),
);
