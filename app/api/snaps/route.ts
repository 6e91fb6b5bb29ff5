import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { readJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { withIdempotency } from "@/lib/http/with-idempotency";
import { listOwnSnaps } from "@/lib/snaps/list-own-snaps";
import { createSnapFromBody } from "@/lib/templates/create-snap-from-body";

export const GET = withPrincipal(async (_request, { principal }) => json({ snaps: await listOwnSnaps(principal) }));

export const POST = withPrincipal(
  withIdempotency(async (request, { principal }) => {
    return json({ snap: await createSnapFromBody(principal, await readJsonBody(request)) }, 201);
  }),
);

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = methodNotAllowed(["GET", "POST"]);
export const DELETE = methodNotAllowed(["GET", "POST"]);
