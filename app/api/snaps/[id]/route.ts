import { jsonBytesWithEtag, readIfMatch } from "@/lib/http/etag";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { SNAP_OPERATIONS as operations } from "@/lib/operations/snap-operations";
import { getSnapDetailJson, getWrittenSnapJson } from "@/lib/snaps/get-snap-detail-json";
import { updateSnap } from "@/lib/snaps/update-snap";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  // The body is cached per process and version; If-None-Match naming its ETag is a 304.
  implement(operations.getSnap, async ({ request, principal, params }) => {
    const { body, etag } = await getSnapDetailJson(principal, params.id);
    return jsonBytesWithEtag(request, body, etag);
  }),
  implement(operations.updateSnap, async ({ request, principal, params, body }) => {
    await updateSnap(principal, params.id, body, { ifMatch: readIfMatch(request) });
    const written = await getWrittenSnapJson(params.id);
    return jsonBytesWithEtag(request, written.body, written.etag);
  }),
  implement(operations.deleteSnap),
);
