import { foldSearchText } from "@/lib/search/fold-search-text";
import { parseSearchText } from "@/lib/search/parse-search-text";
import { readingOrder } from "../grid/grid-geometry";
import type { BoardCard } from "../state/board-types";

/**
 * The cards a find-bar query matches, in reading order (row, then column), across the whole board:
 * the query is read as search reads it (every word, in any order; "a phrase"; -word excludes) and
 * compared with each card's title and notes with case and accents ignored.
 */
export function findMatches(cards: readonly BoardCard[], query: string): string[] {
  const terms = parseSearchText(query).map((term) => ({ text: foldSearchText(term.text).trim(), negated: term.negated }));
  const wanted = terms.filter((term) => !term.negated && term.text);
  if (wanted.length === 0) return [];
  const unwanted = terms.filter((term) => term.negated && term.text);
  const matches: string[] = [];
  for (const card of readingOrder(cards)) {
    const text = foldSearchText(`${card.title}\n${card.note}`);
    if (wanted.every((term) => text.includes(term.text)) && !unwanted.some((term) => text.includes(term.text))) matches.push(card.id);
  }
  return matches;
}
