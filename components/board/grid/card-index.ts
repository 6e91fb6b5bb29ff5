import type { BoardCard } from "../state/board-types";

const indexes = new WeakMap<readonly BoardCard[], ReadonlyMap<string, BoardCard>>();

/**
 * The cards by id: one Map per cards array, however many components ask for it (the canvas and
 * the editor both do), so a 10,000-card board holds one index, not one per reader.
 */
export function cardIndex(cards: readonly BoardCard[]): ReadonlyMap<string, BoardCard> {
  let index = indexes.get(cards);
  if (!index) indexes.set(cards, (index = new Map(cards.map((card) => [card.id, card]))));
  return index;
}
