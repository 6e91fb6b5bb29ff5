import { readIfMatch } from "@/lib/http/etag";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { applySnapChanges } from "@/lib/snaps/apply-snap-changes";
import { CHANGE_OPERATIONS as operations } from "@/lib/operations/change-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.applySnapChanges, async ({ request, principal, params, body }) =>
    applySnapChanges(principal, params.id, body, { ifMatch: readIfMatch(request) }),
  ),
);
