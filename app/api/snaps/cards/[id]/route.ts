import { cardCreateSchema, cardUpdateSchema } from "@/lib/cards/card-schemas";
import { cardEtag } from "@/lib/cards/card-etag";
import { createCard } from "@/lib/cards/create-card";
import { deleteCard } from "@/lib/cards/delete-card";
import { getCardOrThrow } from "@/lib/cards/get-card-or-throw";
import { updateCard } from "@/lib/cards/update-card";
import { jsonWithEtag, readIfMatch } from "@/lib/http/etag";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { withIdempotency } from "@/lib/http/with-idempotency";

/** Create: `:id` is the snap id (DESIGN). */
export const POST = withPrincipal<{ id: string }>(
  withIdempotency(async (request, { principal, params }) => {
    const input = await parseJsonBody(request, cardCreateSchema);
    return json({ card: await createCard(principal, params.id, input) }, 201);
  }),
);

/** Read, update and delete: `:id` is the card id. GET and PATCH carry an ETag; PATCH honors If-Match. */
export const GET = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const card = await getCardOrThrow(principal, params.id);
  return jsonWithEtag(request, { card }, cardEtag(card));
});

export const PATCH = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const input = await parseJsonBody(request, cardUpdateSchema);
  const card = await updateCard(principal, params.id, input, { ifMatch: readIfMatch(request) });
  return jsonWithEtag(request, { card }, cardEtag(card));
});

export const DELETE = withPrincipal<{ id: string }>(async (_request, { principal, params }) => {
  await deleteCard(principal, params.id);
  return json({ success: true });
});

export const PUT = methodNotAllowed(["GET", "POST", "PATCH", "DELETE"]);
