import type { Principal } from "@/lib/auth/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { applyCardUpdates } from "./apply-card-updates";
import { assertBatchEditable } from "./assert-batch-editable";
import type { CardBatchUpdate } from "./card-schemas";
import type { CardView } from "./card-selects";
import { lockCards } from "./lock-cards";
import { touchSnaps } from "./touch-snaps";

/**
 * PATCH /api/snaps/cards/batch, all or nothing, in three statements whatever the batch size: lock
 * the cards in id order and read their snaps' access facts; one UPDATE ... RETURNING for all of
 * them; touch their snaps. Concurrent batches over the same cards queue on the row locks, so each
 * card ends with the values of exactly one batch.
 */
export async function updateCardsBatch(principal: Principal, updates: CardBatchUpdate["updates"]): Promise<CardView[]> {
  return runTransaction(async (tx) => {
    const cards = await lockCards(
      tx,
      updates.map((update) => update.id),
      "update",
    );
    assertBatchEditable(
      principal,
      updates.map((update) => cards.get(update.id)),
      (index) => `updates.${index}.id`,
      "Card",
    );
    const updated = await applyCardUpdates(tx, updates);
    await touchSnaps(
      tx,
      [...cards.values()].map((card) => card.snapId),
    );
    return updated;
  });
}
