/** The board's default track sizes in pixels: what a row or column without a size of its own is drawn at. */
export const DEFAULT_ROW_HEIGHT = 120;
export const DEFAULT_COL_WIDTH = 200;

export interface Rect {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
}

function maxKey(map: Record<string, number>): number {
  return Object.keys(map).reduce((max, key) => Math.max(max, Number(key)), -1);
}

/**
 * Rows and columns of a board: enough for every card and every sized track, at least one of each.
 * The board, the export and the import all count a board's extent with this.
 */
export function gridSize(cards: readonly Rect[], rowHeights: Record<string, number>, colWidths: Record<string, number>): { rows: number; cols: number } {
  let rows = Math.max(1, maxKey(rowHeights) + 1);
  let cols = Math.max(1, maxKey(colWidths) + 1);
  for (const card of cards) {
    rows = Math.max(rows, card.row + card.rowSpan);
    cols = Math.max(cols, card.col + card.colSpan);
  }
  return { rows, cols };
}
