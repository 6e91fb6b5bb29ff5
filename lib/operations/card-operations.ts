import {
  cardBatchCreateSchema,
  cardBatchUpdateSchema,
  cardCreateSchema,
  cardResponseSchema,
  cardsResponseSchema,
  cardUpdateSchema,
  MAX_BATCH_BODY_BYTES,
} from "@/lib/board-model/card-schemas";
import { createCardsBatch } from "@/lib/cards/create-cards-batch";
import { deleteCard } from "@/lib/cards/delete-card";
import { updateCardsBatch } from "@/lib/cards/update-cards-batch";
import { examples } from "@/lib/operations/examples/examples";
import { successResponse } from "./success-response";
import { declareOperation, NOT_MODIFIED } from "./operation";
import { cardIdParam, snapIdParam } from "./path-params";

/** Cards, one at a time and in batches. */
export const CARD_OPERATIONS = {
  createCard: declareOperation({
    method: "post",
    path: "/api/snaps/cards/{id}",
    operationId: "createCard",
    tag: "Cards",
    summary: "Create a card",
    description: "One card in the snap {id} (here the path names the snap). Safe to retry with an Idempotency-Key.",
    pathParams: snapIdParam,
    requestHeaders: ["Idempotency-Key", "Base-Version"],
    body: { schema: cardCreateSchema, example: examples.cardCreate },
    success: { status: 201, description: "The new card.", schema: cardResponseSchema, example: examples.cardResponse },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: "key-or-session",
    keyCheckedInStatement: true,
  }),
  getCard: declareOperation({
    method: "get",
    path: "/api/snaps/cards/{id}",
    operationId: "getCard",
    tag: "Cards",
    summary: "Get a card",
    description: "One card and its ETag. If-None-Match with that ETag answers 304.",
    pathParams: cardIdParam,
    requestHeaders: ["If-None-Match"],
    success: { status: 200, description: "The card.", schema: cardResponseSchema, example: examples.cardResponse, etag: true },
    errors: [401, 403, 404],
    otherResponses: [NOT_MODIFIED],
    access: "key-or-session",
  }),
  updateCard: declareOperation({
    method: "patch",
    path: "/api/snaps/cards/{id}",
    operationId: "updateCard",
    tag: "Cards",
    summary: "Update a card",
    description: "Changes the given fields. With If-Match, the card must still have that ETag, else 412 and nothing is written.",
    pathParams: cardIdParam,
    requestHeaders: ["If-Match", "Base-Version"],
    body: { schema: cardUpdateSchema, example: examples.cardUpdate },
    success: { status: 200, description: "The updated card, with its new ETag.", schema: cardResponseSchema, example: examples.cardResponse, etag: true },
    errors: [400, 401, 403, 404, 412, 413, 415],
    access: "key-or-session",
    keyCheckedInStatement: true,
  }),
  deleteCard: declareOperation({
    method: "delete",
    path: "/api/snaps/cards/{id}",
    operationId: "deleteCard",
    tag: "Cards",
    summary: "Delete a card",
    description: "Lines touching the card go with it.",
    pathParams: cardIdParam,
    requestHeaders: ["Base-Version"],
    success: successResponse("Deleted."),
    errors: [401, 403, 404],
    access: "key-or-session",
    keyCheckedInStatement: true,
    action: async (principal, { params }) => {
      await deleteCard(principal, params.id);
      return { success: true };
    },
    tools: [{ name: "delete_card", title: "Delete a card", mode: "write", destructive: true, idempotent: true }],
  }),
  createCards: declareOperation({
    method: "post",
    path: "/api/snaps/cards/batch",
    operationId: "createCards",
    tag: "Cards",
    summary: "Create cards in a batch",
    description:
      "1 to 100 cards in one transaction, all or nothing: one bad item refuses the batch, naming it (cards.3.row). Safe to retry with an Idempotency-Key.",
    requestHeaders: ["Idempotency-Key", "Base-Version"],
    body: { schema: cardBatchCreateSchema, example: examples.cardBatchCreate, maxBytes: MAX_BATCH_BODY_BYTES },
    success: { status: 201, description: "The new cards, in request order.", schema: cardsResponseSchema, example: examples.cardsResponse },
    errors: [400, 401, 403, 404, 409, 413, 415],
    access: "key-or-session",
    action: async (principal, { body }) => ({ cards: await createCardsBatch(principal, body.cards) }),
    tools: [{ name: "create_cards", title: "Create cards", mode: "write", hint: "Each card names its snap." }],
  }),
  updateCards: declareOperation({
    method: "patch",
    path: "/api/snaps/cards/batch",
    operationId: "updateCards",
    tag: "Cards",
    summary: "Update cards in a batch",
    description: "1 to 100 partial updates in one transaction, all or nothing; each card at most once.",
    requestHeaders: ["Base-Version"],
    body: { schema: cardBatchUpdateSchema, example: examples.cardBatchUpdate, maxBytes: MAX_BATCH_BODY_BYTES },
    success: { status: 200, description: "The updated cards, in request order.", schema: cardsResponseSchema, example: examples.cardsResponse },
    errors: [400, 401, 403, 404, 413, 415],
    access: "key-or-session",
    action: async (principal, { body }) => ({ cards: await updateCardsBatch(principal, body.updates) }),
    tools: [{ name: "update_cards", title: "Update cards", mode: "write", idempotent: true }],
  }),
};
