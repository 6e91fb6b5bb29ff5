import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { TRANSFER_OPERATIONS as operations } from "@/lib/operations/transfer-operations";
import { duplicateSnap } from "@/lib/transfer/duplicate-snap";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.duplicateSnap, async ({ principal, params, body }) => ({ snap: await duplicateSnap(principal, params.id, body) })),
);
