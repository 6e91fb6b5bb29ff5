import { computeLayout, type Rect } from "./grid-geometry";
import { DEFAULT_REGION, expandRegion, rangeOf } from "./grid-window";
import type { BoardCard } from "../state/board-types";
import { packCard, toBoardCard, toSizeMap, type PackedCard } from "../state/to-board-doc";

/** A number of rows and columns from the grid's top-left corner. */
export interface GridExtent {
  rows: number;
  cols: number;
}

/**
 * The cards the page did not send with the first window: promises the server resolves later in
 * the same response (React streams each after the first paint), one per band of rows, top first;
 * and how far the grid reaches, so that it has its full size (scrollbars, row and column counts)
 * before they arrive. Packed (a third of the whole cards' size): the board completes these very
 * objects rather than copying them (completeCard), since React keeps what a promise resolved to
 * for as long as the page lives (docs/PERFORMANCE.md, "Design decisions").
 */
export interface RestOfBoard {
  extent: GridExtent;
  bands: Promise<PackedCard[]>[];
}

/** Rows of the rest are sent in bands of about this many cells: each is parsed and merged in a task of its own. */
const CELLS_PER_BAND = 2000;

/**
 * The window of cards a page sends first: the tracks that the server-rendered region (a
 * laptop-sized screen from the top-left corner, plus the overscan margin) touches, so the first
 * paint has every card it shows. `extent`: the rows and columns the snap's cards reach.
 */
export function firstWindow(snap: { rowHeights: unknown; colWidths: unknown; cellSpacing: number }, extent: GridExtent): GridExtent {
  const corner = extentCorner(extent);
  const layout = computeLayout(corner ? [corner] : [], toSizeMap(snap.rowHeights), toSizeMap(snap.colWidths), snap.cellSpacing);
  const range = rangeOf(layout, expandRegion(DEFAULT_REGION));
  return { rows: range.row1 + 1, cols: range.col1 + 1 };
}

/** A rectangle that makes computeLayout's grid at least this extent while the cards reaching it are on their way. */
export function extentCorner(extent: GridExtent | null): Rect | null {
  return extent && extent.rows > 0 && extent.cols > 0 ? { row: extent.rows - 1, col: extent.cols - 1, rowSpan: 1, colSpan: 1 } : null;
}

/**
 * The page's side: what it hands the board for the cards left out of the first window, read by
 * `listCards` band by band (not awaited: the page is sent without them). The reads start once the
 * page has had a turn to render, and one at a time: on a busy server they would otherwise compete
 * with rendering the first window, which is what a person waits for. Null when the first window
 * held them all.
 */
export function restOfBoard(
  opening: { extent: GridExtent; window: GridExtent | null },
  listCards: (window: GridExtent, band: { fromRow: number; toRow: number }) => Promise<BoardCard[]>,
): RestOfBoard | null {
  const { extent, window } = opening;
  if (!window) return null;
  const rowsPerBand = Math.max(1, Math.floor(CELLS_PER_BAND / Math.max(1, extent.cols)));
  const bands: Promise<PackedCard[]>[] = [];
  let previous = new Promise<void>((resolve) => setTimeout(resolve));
  for (let fromRow = 0; fromRow < extent.rows; fromRow += rowsPerBand) {
    const band = previous
      .then(() => listCards(window, { fromRow, toRow: fromRow + rowsPerBand }))
      .then((cards) => cards.map((card) => packCard(toBoardCard(card))));
    previous = band.then(
      () => undefined,
      () => undefined,
    );
    bands.push(band);
  }
  return { extent, bands };
}
