import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { snapHistory } from "@/lib/history/record-snap-history";
import { recordSnapChanges } from "@/lib/live/record-snap-changes";
import { actorOf } from "@/lib/live/write-actor";
import { cardChangesBySnap } from "@/lib/live/snap-change";
import { assertSnapAccess } from "@/lib/snaps/snap-access";
import type { CardCreate } from "./card-schemas";
import type { CardView } from "./card-selects";
import { insertCards } from "./insert-cards";
import { lockSnaps } from "./lock-snaps";
import { cardEvents } from "@/lib/events/feed-event-inputs";
import { feedEvents } from "@/lib/events/record-feed-events";

/** POST /api/snaps/cards/:id: one card in the snap of the path (docs/API.md, "Cards"), which the caller must be able to edit. */
export async function createCard(principal: Principal, snapId: string, input: CardCreate): Promise<CardView> {
  const { snapId: bodySnapId, ...fields } = input;
  if (bodySnapId !== undefined && bodySnapId !== snapId) {
    throw new ApiError("BAD_REQUEST", "snapId in the body must equal the snap id in the path", [
      { path: "snapId", message: "Must equal the snap id in the path" },
    ]);
  }
  return runTransaction(async (tx) => {
    const snap = (await lockSnaps(tx, [snapId])).get(snapId);
    if (!snap) throw new ApiError("NOT_FOUND", "Snap not found");
    assertSnapAccess(principal, snap, "edit");
    const cards = await insertCards(tx, [{ ...fields, snapId }]);
    await recordSnapChanges(tx, actorOf(principal), cardChangesBySnap(cards, [fields]), [
      snapHistory({ cards, created: true }),
      feedEvents(cardEvents("cards.created", cards)),
    ]);
    return cards[0]!;
  });
}
