import { cardEtag } from "@/lib/cards/card-etag";
import { createCard } from "@/lib/cards/create-card";
import { getCardOrThrow } from "@/lib/cards/get-card-or-throw";
import { updateCard } from "@/lib/cards/update-card";
import { jsonWithEtag, readIfMatch } from "@/lib/http/etag";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { CARD_OPERATIONS as operations } from "@/lib/operations/card-operations";

/** POST's `{id}` is the snap id; GET, PATCH and DELETE name a card (docs/API.md, "Conventions"). */
export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.createCard, async ({ principal, params, body }) => ({ card: await createCard(principal, params.id, body) })),
  implement(operations.getCard, async ({ request, principal, params }) => {
    const card = await getCardOrThrow(principal, params.id);
    return jsonWithEtag(request, { card }, cardEtag(card));
  }),
  implement(operations.updateCard, async ({ request, principal, params, body }) => {
    const card = await updateCard(principal, params.id, body, { ifMatch: readIfMatch(request) });
    return jsonWithEtag(request, { card }, cardEtag(card));
  }),
  implement(operations.deleteCard),
);
