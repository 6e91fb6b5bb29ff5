import type { CardView } from "@/lib/cards/card-selects";
import type { LineView } from "@/lib/lines/line-selects";

/** What one write did to one snap; stored as the event's payload and sent as a `change` event. */
export interface SnapChange {
  snapId: string;
  /** Cards created or updated, whole (as the API returns them). */
  cards?: CardView[];
  /** Per card, the fields this write set, so other clients can tell whether it overwrote their edit. */
  cardFields?: Record<string, string[]>;
  deletedCardIds?: string[];
  lines?: LineView[];
  deletedLineIds?: string[];
  /** The snap fields this write changed, with their new values. */
  snap?: Record<string, unknown>;
}

/** The fields an update or create item sets: its keys, less the ones that only address it, sorted. */
export function fieldsSet(item: object): string[] {
  return Object.keys(item)
    .filter((key) => key !== "id" && key !== "snapId")
    .sort();
}

/** One change per snap for cards written together (a batch may span several snaps), in first-seen order. */
export function cardChangesBySnap(cards: readonly CardView[], items: readonly object[]): SnapChange[] {
  const bySnap = new Map<string, SnapChange & { cards: CardView[]; cardFields: Record<string, string[]> }>();
  cards.forEach((card, index) => {
    const change = bySnap.get(card.snapId) ?? { snapId: card.snapId, cards: [], cardFields: {} };
    change.cards.push(card);
    change.cardFields[card.id] = fieldsSet(items[index] ?? {});
    bySnap.set(card.snapId, change);
  });
  return [...bySnap.values()];
}
