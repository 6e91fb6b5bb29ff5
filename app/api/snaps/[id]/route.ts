import { jsonBytesWithEtag, jsonWithEtag, readIfMatch } from "@/lib/http/etag";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { deleteSnap } from "@/lib/snaps/delete-snap";
import { getSnapDetailJson } from "@/lib/snaps/get-snap-detail-json";
import { snapEtag } from "@/lib/snaps/snap-etag";
import { snapUpdateSchema } from "@/lib/snaps/snap-schemas";
import { updateSnap } from "@/lib/snaps/update-snap";

/** With an ETag; If-None-Match naming it is a 304. The body is cached per process and version. */
export const GET = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const { body, etag } = await getSnapDetailJson(principal, params.id);
  return jsonBytesWithEtag(request, body, etag);
});

/** If-Match that no longer matches: 412, nothing written. */
export const PATCH = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const input = await parseJsonBody(request, snapUpdateSchema);
  const snap = await updateSnap(principal, params.id, input, { ifMatch: readIfMatch(request) });
  return jsonWithEtag(request, { snap }, snapEtag(snap));
});

export const DELETE = withPrincipal<{ id: string }>(async (_request, { principal, params }) => {
  await deleteSnap(principal, params.id);
  return json({ success: true });
});

export const POST = methodNotAllowed(["GET", "PATCH", "DELETE"]);
export const PUT = methodNotAllowed(["GET", "PATCH", "DELETE"]);
