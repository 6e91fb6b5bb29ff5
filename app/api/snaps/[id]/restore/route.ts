import { restoreSchema } from "@/lib/history/history-schemas";
import { restoreSnapVersion } from "@/lib/history/restore-snap-version";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";

/** Extension (README): the snap back to a version, as one new write (edit access). */
export const POST = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const { version } = await parseJsonBody(request, restoreSchema);
  return json({ snap: await restoreSnapVersion(principal, params.id, version) });
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);
