import { jsonBytesWithEtag, jsonWithEtag, readIfMatch } from "@/lib/http/etag";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { SNAP_OPERATIONS as operations } from "@/lib/operations/snap-operations";
import { getSnapDetailJson } from "@/lib/snaps/get-snap-detail-json";
import { snapEtag } from "@/lib/snaps/snap-etag";
import { updateSnap } from "@/lib/snaps/update-snap";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  // The body is cached per process and version; If-None-Match naming its ETag is a 304.
  implement(operations.getSnap, async ({ request, principal, params }) => {
    const { body, etag } = await getSnapDetailJson(principal, params.id);
    return jsonBytesWithEtag(request, body, etag);
  }),
  implement(operations.updateSnap, async ({ request, principal, params, body }) => {
    const snap = await updateSnap(principal, params.id, body, { ifMatch: readIfMatch(request) });
    return jsonWithEtag(request, { snap }, snapEtag(snap));
  }),
  implement(operations.deleteSnap),
);
