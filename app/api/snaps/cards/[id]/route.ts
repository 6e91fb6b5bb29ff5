import { cardCreateSchema, cardUpdateSchema } from "@/lib/cards/card-schemas";
import { createCard } from "@/lib/cards/create-card";
import { deleteCard } from "@/lib/cards/delete-card";
import { updateCard } from "@/lib/cards/update-card";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";

/** Create: `:id` is the snap id (DESIGN). */
export const POST = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const input = await parseJsonBody(request, cardCreateSchema);
  return json({ card: await createCard(principal, params.id, input) }, 201);
});

/** Update and delete: `:id` is the card id. */
export const PATCH = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const input = await parseJsonBody(request, cardUpdateSchema);
  return json({ card: await updateCard(principal, params.id, input) });
});

export const DELETE = withPrincipal<{ id: string }>(async (_request, { principal, params }) => {
  await deleteCard(principal, params.id);
  return json({ success: true });
});

export const GET = methodNotAllowed(["POST", "PATCH", "DELETE"]);
export const PUT = GET;
