import type { BoardCard } from "../state/board-types";
import type { Occupancy } from "../grid/grid-geometry";
import { cellKey } from "../state/selection";

/**
 * The grid's tab stop when nothing is selected: the first card in reading order or, for editors,
 * an empty cell before it. Cards are named by id, empty cells as `cell:<row>:<col>`.
 */
export function firstTabStop(cards: readonly BoardCard[], cells: Occupancy, editable: boolean, rows: number, cols: number): string | null {
  let first: BoardCard | undefined;
  for (const card of cards) {
    if (!first || card.row < first.row || (card.row === first.row && (card.col < first.col || (card.col === first.col && card.id < first.id)))) first = card;
  }
  if (!editable) return first ? first.id : null;
  for (let row = 0; row < rows; row += 1) {
    if (first && first.row < row) break;
    for (let col = 0; col < cols; col += 1) {
      if (first && first.row === row && first.col <= col) return first.id;
      if (!cells[row]?.[col]) return `cell:${cellKey(row, col)}`;
    }
  }
  return first ? first.id : null;
}
