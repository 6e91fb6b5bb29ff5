import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { assertSnapAccess, snapAccessSelect } from "@/lib/board-model/snap-access";
import { cardSelect, type CardView } from "../board-model/card-selects";

/** GET /api/snaps/cards/:id: 404 for an unknown card, 403 when its snap may not be seen. */
export async function getCardOrThrow(principal: Principal, cardId: string): Promise<CardView> {
  const found = await db.card.findUnique({ where: { id: cardId }, select: { ...cardSelect, snap: { select: snapAccessSelect } } });
  if (!found) throw new ApiError("NOT_FOUND", "Card not found");
  const { snap, ...card } = found;
  assertSnapAccess(principal, snap, "read", "card");
  return card as CardView; // the attachments column as its trigger keeps it
}
