import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { withIdempotency } from "@/lib/http/with-idempotency";
import { duplicateSnap } from "@/lib/transfer/duplicate-snap";
import { duplicateSnapSchema } from "@/lib/transfer/transfer-schemas";

/** A private copy of a snap the caller can read, with its cards and lines, in the caller's workspace. */
export const POST = withPrincipal<{ id: string }>(
  withIdempotency(async (request, { principal, params }) => {
    const input = await parseJsonBody(request, duplicateSnapSchema);
    return json({ snap: await duplicateSnap(principal, params.id, input) }, 201);
  }),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);
