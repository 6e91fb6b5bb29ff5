import { getSnapVersion } from "@/lib/history/get-snap-version";
import { parseVersionParam } from "@/lib/history/parse-version-param";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { json, withPrincipal } from "@/lib/http/route";

/** Extension (README): the snap exactly as GET /api/snaps/:id answered it at that version. */
export const GET = withPrincipal<{ id: string; version: string }>(async (_request, { principal, params }) => {
  const version = parseVersionParam(params.version);
  return json({ snap: await getSnapVersion(principal, params.id, version) });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
