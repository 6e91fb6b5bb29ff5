/** The board's default track sizes in pixels, as the board draws a track without a size. */
export const DEFAULT_ROW_HEIGHT = 120;
export const DEFAULT_COL_WIDTH = 200;

interface Rect {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

/**
 * Rows and columns of a board: enough for every card and every sized track, at least one of each.
 * The same rule as the board's own gridSize (components/board/grid-geometry.ts).
 */
export function gridSize(cards: readonly Rect[], rowHeights: Record<string, number>, colWidths: Record<string, number>): { rows: number; cols: number } {
  const maxKey = (map: Record<string, number>) => Object.keys(map).reduce((max, key) => Math.max(max, Number(key)), -1);
  let rows = Math.max(1, maxKey(rowHeights) + 1);
  let cols = Math.max(1, maxKey(colWidths) + 1);
  for (const card of cards) {
    rows = Math.max(rows, card.row + card.rowSpan);
    cols = Math.max(cols, card.col + card.colSpan);
  }
  return { rows, cols };
}
