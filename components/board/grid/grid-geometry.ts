import { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT, gridSize, type Rect } from "@/lib/board-look/grid-geometry";
import type { BoardCard, SizeMap } from "../state/board-types";

export { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT, gridSize, type Rect } from "@/lib/board-look/grid-geometry";
/** Below this a track cannot hold a readable card; the server allows 0, the resize handles stop here. */
export const MIN_TRACK_SIZE = 40;
export const MAX_TRACK_SIZE = 2000;

export interface GridLayout {
  rows: number;
  cols: number;
  rowSizes: number[];
  colSizes: number[];
  /** Start of each track in pixels from the grid's top or left edge. */
  rowStarts: number[];
  colStarts: number[];
  width: number;
  height: number;
  gap: number;
}

function trackSizes(count: number, map: SizeMap, fallback: number): number[] {
  return Array.from({ length: count }, (_, index) => map[String(index)] ?? fallback);
}

function trackStarts(sizes: number[], gap: number): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const size of sizes) {
    starts.push(at);
    at += size + gap;
  }
  return starts;
}

export function computeLayout(cards: readonly Rect[], rowHeights: SizeMap, colWidths: SizeMap, gap: number): GridLayout {
  const { rows, cols } = gridSize(cards, rowHeights, colWidths);
  const rowSizes = trackSizes(rows, rowHeights, DEFAULT_ROW_HEIGHT);
  const colSizes = trackSizes(cols, colWidths, DEFAULT_COL_WIDTH);
  const rowStarts = trackStarts(rowSizes, gap);
  const colStarts = trackStarts(colSizes, gap);
  const span = (sizes: number[]) => sizes.reduce((sum, size) => sum + size, 0) + gap * Math.max(0, sizes.length - 1);
  return { rows, cols, rowSizes, colSizes, rowStarts, colStarts, width: span(colSizes), height: span(rowSizes), gap };
}

/** The track under a pixel offset; a point in a gap belongs to the track before it. Clamped to the grid. */
export function trackAt(starts: readonly number[], offset: number): number {
  // Binary search: the last track that starts at or before the offset (starts ascend).
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (offset >= (starts[mid] ?? 0)) low = mid;
    else high = mid - 1;
  }
  return Math.max(0, low);
}

export function cellAt(layout: GridLayout, x: number, y: number): { row: number; col: number } {
  return { row: trackAt(layout.rowStarts, y), col: trackAt(layout.colStarts, x) };
}

/** A card's box in pixels, from the same tracks CSS grid lays it out on. */
export function rectBox(layout: GridLayout, rect: Rect): { x: number; y: number; width: number; height: number } {
  const lastCol = Math.min(rect.col + rect.colSpan, layout.cols) - 1;
  const lastRow = Math.min(rect.row + rect.rowSpan, layout.rows) - 1;
  const x = layout.colStarts[rect.col] ?? 0;
  const y = layout.rowStarts[rect.row] ?? 0;
  return {
    x,
    y,
    width: (layout.colStarts[lastCol] ?? x) + (layout.colSizes[lastCol] ?? 0) - x,
    height: (layout.rowStarts[lastRow] ?? y) + (layout.rowSizes[lastRow] ?? 0) - y,
  };
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.row < b.row + b.rowSpan && b.row < a.row + a.rowSpan && a.col < b.col + b.colSpan && b.col < a.col + a.colSpan;
}

export function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.row >= outer.row &&
    inner.col >= outer.col &&
    inner.row + inner.rowSpan <= outer.row + outer.rowSpan &&
    inner.col + inner.colSpan <= outer.col + outer.colSpan
  );
}

/** Which card covers each cell, row by row (undefined: the cell is empty). */
export type Occupancy = (BoardCard | undefined)[][];

/** For each cell, the card drawn there (the first in reading order when cards overlap). */
export function occupancy(cards: readonly BoardCard[], rows: number, cols: number): Occupancy {
  const cells: (BoardCard | undefined)[][] = Array.from({ length: rows }, () => new Array<BoardCard | undefined>(cols).fill(undefined));
  for (const card of cards) {
    for (let row = card.row; row < Math.min(rows, card.row + card.rowSpan); row += 1) {
      const line = cells[row];
      if (!line) continue;
      for (let col = card.col; col < Math.min(cols, card.col + card.colSpan); col += 1) line[col] ??= card;
    }
  }
  return cells;
}

/** Cards in reading order (row, then column), the order the grid's DOM and keyboard follow. */
export function readingOrder<T extends Rect & { id: string }>(cards: readonly T[]): T[] {
  return [...cards].sort((a, b) => a.row - b.row || a.col - b.col || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
