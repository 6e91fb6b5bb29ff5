import { cardBatchCreateSchema, cardBatchUpdateSchema, MAX_BATCH_BODY_BYTES } from "@/lib/cards/card-schemas";
import { createCardsBatch } from "@/lib/cards/create-cards-batch";
import { updateCardsBatch } from "@/lib/cards/update-cards-batch";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { withIdempotency } from "@/lib/http/with-idempotency";

/** A fixed segment (spec 4.2): it wins over cards/[id], so "batch" is never taken for a card id. */
export const POST = withPrincipal(
  withIdempotency(
    async (request, { principal }) => {
      const { cards } = await parseJsonBody(request, cardBatchCreateSchema, { maxBytes: MAX_BATCH_BODY_BYTES });
      return json({ cards: await createCardsBatch(principal, cards) }, 201);
    },
    { maxBytes: MAX_BATCH_BODY_BYTES },
  ),
);

export const PATCH = withPrincipal(async (request, { principal }) => {
  const { updates } = await parseJsonBody(request, cardBatchUpdateSchema, { maxBytes: MAX_BATCH_BODY_BYTES });
  return json({ cards: await updateCardsBatch(principal, updates) });
});

export const GET = methodNotAllowed(["POST", "PATCH"]);
export const PUT = GET;
export const DELETE = GET;
