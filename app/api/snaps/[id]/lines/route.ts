import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { withIdempotency } from "@/lib/http/with-idempotency";
import { createLine } from "@/lib/lines/create-line";
import { lineCreateSchema } from "@/lib/lines/line-schemas";

/** Extension (documented in the README): a line between two cards of the snap `:id`. */
export const POST = withPrincipal<{ id: string }>(
  withIdempotency(async (request, { principal, params }) => {
    const input = await parseJsonBody(request, lineCreateSchema);
    return json({ line: await createLine(principal, params.id, input) }, 201);
  }),
);

export const GET = methodNotAllowed(["POST"]);

export const PUT = methodNotAllowed(["POST"]);
export const PATCH = methodNotAllowed(["POST"]);
export const DELETE = methodNotAllowed(["POST"]);
