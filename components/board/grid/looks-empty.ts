import { CARD_DEFAULTS, type DefaultedField } from "@/lib/board-model/card-fields";
import type { BoardCard } from "../state/board-types";

/** Every field a card has beyond its place: its text, type, look, lock and span (the card field table's defaults). */
const LOOK_FIELDS = Object.keys(CARD_DEFAULTS) as DefaultedField[];

/**
 * A card that looks like the empty cell it sits in: no text, the defaults for every field, no files
 * and no comments. A new board's cards are such (the spec's rows × columns); everywhere a person
 * acts they behave as empty cells (docs/BOARD_COMMANDS.md, "Blank cards"), while the API keeps them.
 */
export function looksEmpty(card: BoardCard, commentCount = 0): boolean {
  if (commentCount > 0 || card.attachments.length > 0) return false;
  for (const field of LOOK_FIELDS) {
    // A field an older card lacks reads as its default.
    const value = card[field] ?? CARD_DEFAULTS[field];
    const fallback = CARD_DEFAULTS[field];
    if (typeof value === "string" ? value.trim() !== fallback : value !== fallback) return false;
  }
  return true;
}

/** The cards with something in them: what Ctrl+A, a selection rectangle and the selection's count mean. */
export function cardsWithContent(cards: readonly BoardCard[], commentCounts?: ReadonlyMap<string, number>): BoardCard[] {
  return cards.filter((card) => !looksEmpty(card, commentCounts?.get(card.id)));
}
