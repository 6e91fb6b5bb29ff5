import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { withPrincipal } from "@/lib/http/route";
import { presenceUpdateSchema } from "@/lib/live/live-schemas";
import { setPresenceEditing } from "@/lib/live/set-presence-editing";

/** The card the caller is editing through one of their event streams (or none): 204. */
export const PUT = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const input = await parseJsonBody(request, presenceUpdateSchema);
  await setPresenceEditing(principal, params.id, input);
  return new Response(null, { status: 204 });
});

export const GET = methodNotAllowed(["PUT"]);
export const POST = methodNotAllowed(["PUT"]);
export const PATCH = methodNotAllowed(["PUT"]);
export const DELETE = methodNotAllowed(["PUT"]);
