import type { Principal } from "@/lib/auth/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { assertBatchEditable } from "./assert-batch-editable";
import type { CardBatchCreate } from "./card-schemas";
import type { CardView } from "./card-selects";
import { insertCards } from "./insert-cards";
import { touchSnaps } from "./touch-snaps";

/**
 * POST /api/snaps/cards/batch, all or nothing: one statement locks and touches the snaps (and
 * reads their access facts), one multi-row INSERT ... RETURNING writes every card (answered in request order).
 */
export async function createCardsBatch(principal: Principal, cards: CardBatchCreate["cards"]): Promise<CardView[]> {
  return runTransaction(async (tx) => {
    const snaps = await touchSnaps(
      tx,
      cards.map((card) => card.snapId),
    );
    assertBatchEditable(
      principal,
      cards.map((card) => snaps.get(card.snapId)),
      (index) => `cards.${index}.snapId`,
      "Snap",
    );
    return insertCards(tx, cards);
  });
}
