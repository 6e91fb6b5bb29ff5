import { createCardsBatch } from "@/lib/cards/create-cards-batch";
import { updateCardsBatch } from "@/lib/cards/update-cards-batch";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { CARD_OPERATIONS as operations } from "@/lib/operations/card-operations";

/** A fixed segment: it wins over cards/[id], so "batch" is never taken for a card id. */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.createCards, async ({ principal, body }) => ({ cards: await createCardsBatch(principal, body.cards) })),
  implement(operations.updateCards, async ({ principal, body }) => ({ cards: await updateCardsBatch(principal, body.updates) })),
);
