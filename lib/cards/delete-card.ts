import type { Principal } from "@/lib/auth/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/http/api-error";
import { assertSnapAccess } from "@/lib/snaps/snap-access";
import { lockCards } from "./lock-cards";
import { touchSnaps } from "./touch-snaps";

/** DELETE /api/snaps/cards/:id: lines touching the card go with it (ON DELETE CASCADE). */
export async function deleteCard(principal: Principal, cardId: string): Promise<void> {
  await runTransaction(async (tx) => {
    const card = (await lockCards(tx, [cardId], "delete")).get(cardId);
    if (!card) throw new ApiError("NOT_FOUND", "Card not found");
    assertSnapAccess(principal, card, "edit", "card");
    await tx.card.deleteMany({ where: { id: cardId } });
    await touchSnaps(tx, [card.snapId]);
  });
}
