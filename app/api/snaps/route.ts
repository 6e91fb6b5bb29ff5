import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { withIdempotency } from "@/lib/http/with-idempotency";
import { createSnap } from "@/lib/snaps/create-snap";
import { listOwnSnaps } from "@/lib/snaps/list-own-snaps";
import { snapCreateSchema } from "@/lib/snaps/snap-schemas";

export const GET = withPrincipal(async (_request, { principal }) => json({ snaps: await listOwnSnaps(principal) }));

export const POST = withPrincipal(
  withIdempotency(async (request, { principal }) => {
    const input = await parseJsonBody(request, snapCreateSchema);
    return json({ snap: await createSnap(principal, input) }, 201);
  }),
);

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = methodNotAllowed(["GET", "POST"]);
export const DELETE = methodNotAllowed(["GET", "POST"]);
