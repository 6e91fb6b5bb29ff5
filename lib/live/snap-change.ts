import type { CardView } from "@/lib/board-model/card-selects";
import type { LineView } from "@/lib/board-model/line-selects";

/**
 * What one write did to one snap, stored as its event's payload. Cards are named, not copied: the
 * stream reads their current rows when it sends the event (copying 100 whole cards into every
 * event made the benchmarked batch PATCH about a third slower; docs/PERFORMANCE.md).
 */
export interface SnapChange {
  snapId: string;
  /** Per card created or updated, the fields this write set, so others can tell what it overwrote. */
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
  const bySnap = new Map<string, SnapChange & { cardFields: Record<string, string[]> }>();
  cards.forEach((card, index) => {
    const change = bySnap.get(card.snapId) ?? { snapId: card.snapId, cardFields: {} };
    change.cardFields[card.id] = fieldsSet(items[index] ?? {});
    bySnap.set(card.snapId, change);
  });
  return [...bySnap.values()];
}
