import type { BoardCard } from "../state/board-types";
import { readingOrder, type Occupancy } from "./grid-geometry";
import type { TrackRange } from "./grid-window";

/** One grid row as rendered: its cards in reading order and (for editors) the columns of its empty cells. */
export interface CanvasRow {
  cards: BoardCard[];
  empty: number[];
}

interface WindowRowsInput {
  /** The cards inside the rendered range. */
  windowCards: readonly BoardCard[];
  /** Cards that stay in the DOM wherever they are (the tab stop, the selection, the one edited or connected). */
  pinnedCards: readonly BoardCard[];
  range: TrackRange;
  cells: Occupancy;
  editable: boolean;
  /** An empty cell (`row:col`) that stays in the DOM wherever it is: the selected cell or the tab stop. */
  pinnedCell: string | null;
}

/**
 * Windowing: the rows the grid renders, in order. Only the cards and empty cells in the range,
 * plus the pinned ones, so the DOM follows the screen rather than the board's size.
 */
export function windowRows({ windowCards, pinnedCards, range, cells, editable, pinnedCell }: WindowRowsInput): [number, CanvasRow][] {
  const shown = new Set(windowCards);
  for (const card of pinnedCards) shown.add(card);
  const byRow = new Map<number, CanvasRow>();
  const at = (row: number) => {
    let entry = byRow.get(row);
    if (!entry) byRow.set(row, (entry = { cards: [], empty: [] }));
    return entry;
  };
  for (const card of readingOrder([...shown])) at(card.row).cards.push(card);
  if (editable) {
    for (let row = range.row0; row <= range.row1; row += 1) {
      for (let col = range.col0; col <= range.col1; col += 1) if (!cells[row]?.[col]) at(row).empty.push(col);
    }
    if (pinnedCell) {
      const [row, col] = pinnedCell.split(":").map(Number) as [number, number];
      if (!cells[row]?.[col] && !(row >= range.row0 && row <= range.row1 && col >= range.col0 && col <= range.col1)) at(row).empty.push(col);
    }
  }
  return [...byRow.entries()].sort(([a], [b]) => a - b);
}
