import { readIfMatch } from "@/lib/http/etag";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { writeRange } from "@/lib/snaps/write-range";
import { CHANGE_OPERATIONS as operations } from "@/lib/operations/change-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.readRange),
  implement(operations.writeRange, async ({ request, principal, params, body }) => writeRange(principal, params.id, body, { ifMatch: readIfMatch(request) })),
);
