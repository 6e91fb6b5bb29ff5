import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { snapHistory } from "@/lib/history/record-snap-history";
import { recordSnapChanges } from "@/lib/live/record-snap-changes";
import { actorOf } from "@/lib/live/write-actor";
import { cardChangesBySnap } from "@/lib/live/snap-change";
import { applyCardUpdates } from "./apply-card-updates";
import { assertBatchEditable } from "./assert-batch-editable";
import type { CardBatchUpdate } from "../board-model/card-schemas";
import type { CardView } from "../board-model/card-selects";
import { lockCards } from "./lock-cards";
import { assertCardAttachments } from "@/lib/files/assert-card-attachments";
import { cardEvents } from "@/lib/events/feed-event-inputs";
import { feedEvents } from "@/lib/events/record-feed-events";

/**
 * PATCH /api/snaps/cards/batch, all or nothing, in three statements whatever the batch size: lock
 * the cards in id order and read their snaps' access facts; one UPDATE ... RETURNING for all of
 * them; move their snaps' versions and record the change for live streams (recordSnapChanges,
 * which also moves updatedAt). Concurrent batches over the same cards queue on the row locks, so each
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
    await assertCardAttachments(
      updates.map((update, index) => ({ snapId: cards.get(update.id)!.snapId, attachments: update.attachments, path: `updates.${index}.` })),
      tx,
    );
    const updated = await applyCardUpdates(tx, updates);
    await recordSnapChanges(tx, actorOf(principal), cardChangesBySnap(updated, updates), [
      snapHistory({ cards: updated }),
      feedEvents(cardEvents("cards.updated", updated)),
    ]);
    return updated;
  });
}
