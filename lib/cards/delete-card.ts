import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { snapHistory } from "@/lib/history/record-snap-history";
import { recordSnapChanges } from "@/lib/live/record-snap-changes";
import { actorOf } from "@/lib/live/write-actor";
import { assertSnapAccess } from "@/lib/snaps/snap-access";
import { lockCards } from "./lock-cards";
import { cardsDeletedEvent } from "@/lib/events/feed-event-inputs";
import { feedEvents } from "@/lib/events/record-feed-events";

/** DELETE /api/snaps/cards/:id: lines touching the card go with it (ON DELETE CASCADE). */
export async function deleteCard(principal: Principal, cardId: string): Promise<void> {
  await runTransaction(async (tx) => {
    const card = (await lockCards(tx, [cardId], "delete")).get(cardId);
    if (!card) throw new ApiError("NOT_FOUND", "Card not found");
    assertSnapAccess(principal, card, "edit", "card");
    // The lines that go with the card are named in the change, so open boards drop them too.
    const lines = await tx.$queryRaw<{ id: string }[]>`
      WITH gone AS (DELETE FROM "Card" WHERE id = ${cardId})
      SELECT id FROM "Line" WHERE "fromCardId" = ${cardId} OR "toCardId" = ${cardId}`;
    await recordSnapChanges(
      tx,
      actorOf(principal),
      [{ snapId: card.snapId, deletedCardIds: [cardId], deletedLineIds: lines.map((line) => line.id) }],
      [
        snapHistory(),
        feedEvents([
          cardsDeletedEvent(
            card.snapId,
            [cardId],
            lines.map((line) => line.id),
          ),
        ]),
      ],
    );
  });
}
