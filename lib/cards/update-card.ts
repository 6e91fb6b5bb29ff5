import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { assertIfMatch, type IfMatch } from "@/lib/http/etag";
import { snapHistory } from "@/lib/history/record-snap-history";
import { recordSnapChanges } from "@/lib/live/record-snap-changes";
import { actorOf } from "@/lib/live/write-actor";
import { cardChangesBySnap } from "@/lib/live/snap-change";
import { assertSnapAccess } from "@/lib/snaps/snap-access";
import { applyCardUpdates } from "./apply-card-updates";
import { cardColumnsSql } from "./card-columns-sql";
import { cardEtag } from "./card-etag";
import type { CardUpdate } from "./card-schemas";
import type { CardView } from "./card-selects";
import { lockCards } from "./lock-cards";
import { cardEvents } from "@/lib/events/feed-event-inputs";
import { feedEvents } from "@/lib/events/record-feed-events";

/**
 * PATCH /api/snaps/cards/:id: needs edit access to the card's snap (404 unknown card, 403 not
 * editable). With If-Match, the card as locked must still have that ETag (412 otherwise).
 */
export async function updateCard(principal: Principal, cardId: string, input: CardUpdate, { ifMatch }: { ifMatch?: IfMatch } = {}): Promise<CardView> {
  return runTransaction(async (tx) => {
    const card = (await lockCards(tx, [cardId], "update")).get(cardId);
    if (!card) throw new ApiError("NOT_FOUND", "Card not found");
    assertSnapAccess(principal, card, "edit", "card");
    if (ifMatch !== undefined && ifMatch !== "*") {
      const [current] = await tx.$queryRaw<CardView[]>`SELECT ${cardColumnsSql} FROM "Card" AS c WHERE c.id = ${cardId}`;
      assertIfMatch(ifMatch, cardEtag(current!), "card");
    }
    const updated = await applyCardUpdates(tx, [{ ...input, id: cardId }]);
    await recordSnapChanges(tx, actorOf(principal), cardChangesBySnap(updated, [input]), [
      snapHistory({ cards: updated }),
      feedEvents(cardEvents("cards.updated", updated)),
    ]);
    return updated[0]!;
  });
}
