import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { CARD_OPERATIONS as operations } from "@/lib/operations/card-operations";

/** A fixed segment: it wins over cards/[id], so "batch" is never taken for a card id. */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(implement(operations.createCards), implement(operations.updateCards));
