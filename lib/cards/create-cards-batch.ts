import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { snapHistory } from "@/lib/history/record-snap-history";
import { recordSnapChanges } from "@/lib/live/record-snap-changes";
import { actorOf } from "@/lib/live/write-actor";
import { cardChangesBySnap } from "@/lib/live/snap-change";
import { assertBatchEditable } from "./assert-batch-editable";
import type { CardBatchCreate } from "../board-model/card-schemas";
import type { CardView } from "../board-model/card-selects";
import { insertCards } from "./insert-cards";
import { assertCardAttachments } from "@/lib/files/assert-card-attachments";
import { lockSnaps } from "./lock-snaps";
import { cardEvents } from "@/lib/events/feed-event-inputs";
import { feedEvents } from "@/lib/events/record-feed-events";

/**
 * POST /api/snaps/cards/batch, all or nothing: one statement locks the snaps (and
 * reads their access facts), one multi-row INSERT ... RETURNING writes every card (answered in
 * request order), one statement records the change of each snap for live streams.
 */
export async function createCardsBatch(principal: Principal, cards: CardBatchCreate["cards"]): Promise<CardView[]> {
  return runTransaction(async (tx) => {
    const snaps = await lockSnaps(
      tx,
      cards.map((card) => card.snapId),
    );
    assertBatchEditable(
      principal,
      cards.map((card) => snaps.get(card.snapId)),
      (index) => `cards.${index}.snapId`,
      "Snap",
    );
    await assertCardAttachments(
      cards.map((card, index) => ({ snapId: card.snapId, attachments: card.attachments, path: `cards.${index}.` })),
      tx,
    );
    const created = await insertCards(tx, cards);
    await recordSnapChanges(tx, actorOf(principal), cardChangesBySnap(created, cards), [
      snapHistory({ cards: created, created: true }),
      feedEvents(cardEvents("cards.created", created)),
    ]);
    return created;
  });
}
