import { overlaps, type Rect } from "../grid/grid-geometry";
import type { BoardCard } from "./board-types";
import type { Cell, Selection } from "./selection";

/**
 * The selection of several cards, as pure functions of the board's cards: what Shift+click,
 * Ctrl/Cmd+click, a dragged rectangle, Shift+arrows and Ctrl+A select.
 */

const NO_IDS: readonly string[] = [];

/** The ids of the selected cards (none for a cell or a line). */
export function selectedCardIds(selection: Selection | null): readonly string[] {
  if (selection?.kind === "card") return [selection.id];
  if (selection?.kind === "cards") return selection.ids;
  return NO_IDS;
}

/** The rectangle between two cells, whichever corner each is. */
export function rectBetween(a: Cell, b: Cell): Rect {
  const row = Math.min(a.row, b.row);
  const col = Math.min(a.col, b.col);
  return { row, col, rowSpan: Math.abs(a.row - b.row) + 1, colSpan: Math.abs(a.col - b.col) + 1 };
}

/** The smallest rectangle holding all of these. */
export function boundsOf(rects: readonly Rect[]): Rect | null {
  if (rects.length === 0) return null;
  let top = Infinity;
  let left = Infinity;
  let bottom = -Infinity;
  let right = -Infinity;
  for (const rect of rects) {
    top = Math.min(top, rect.row);
    left = Math.min(left, rect.col);
    bottom = Math.max(bottom, rect.row + rect.rowSpan);
    right = Math.max(right, rect.col + rect.colSpan);
  }
  return { row: top, col: left, rowSpan: bottom - top, colSpan: right - left };
}

/**
 * The cards a rectangle selects: every card it touches, the rectangle growing over a spanning
 * card's other cells as a spreadsheet's range grows over a merged cell. In reading order.
 */
export function cardsInRect(cards: readonly BoardCard[], rect: Rect): BoardCard[] {
  let area = rect;
  let touched: BoardCard[] = [];
  for (;;) {
    touched = cards.filter((card) => overlaps(card, area));
    const grown = boundsOf([area, ...touched])!;
    if (grown.row === area.row && grown.col === area.col && grown.rowSpan === area.rowSpan && grown.colSpan === area.colSpan) break;
    area = grown;
  }
  return touched.sort((a, b) => a.row - b.row || a.col - b.col || (a.id < b.id ? -1 : 1));
}

/** A selection of these cards: one card is a card's selection, none is the anchor's cell. */
export function selectionOf(ids: readonly string[], anchor: Cell, head: Cell): Selection {
  if (ids.length === 0) return { kind: "cell", row: anchor.row, col: anchor.col };
  if (ids.length === 1) return { kind: "card", id: ids[0]! };
  return { kind: "cards", ids, anchor, head };
}

/** Shift+click or a dragged rectangle: the cards between two cells. */
export function rangeSelection(cards: readonly BoardCard[], anchor: Cell, head: Cell): Selection {
  return selectionOf(
    cardsInRect(cards, rectBetween(anchor, head)).map((card) => card.id),
    anchor,
    head,
  );
}

/** Where a selection's rectangle begins and ends: a card's from corner to corner. */
export function anchorAndHead(selection: Selection | null, byId: ReadonlyMap<string, BoardCard>): { anchor: Cell; head: Cell } | null {
  if (selection?.kind === "cards") return { anchor: selection.anchor, head: selection.head };
  if (selection?.kind === "cell") return { anchor: selection, head: selection };
  const card = selection?.kind === "card" ? byId.get(selection.id) : undefined;
  if (!card) return null;
  return { anchor: { row: card.row, col: card.col }, head: { row: card.row + card.rowSpan - 1, col: card.col + card.colSpan - 1 } };
}

/** Shift+click: from the selection's anchor to the clicked card, every card between. */
export function extendTo(selection: Selection | null, cards: readonly BoardCard[], byId: ReadonlyMap<string, BoardCard>, target: BoardCard): Selection {
  const ends = anchorAndHead(selection, byId);
  if (!ends) return { kind: "card", id: target.id };
  const { anchor } = ends;
  // The far corner of the clicked card, seen from the anchor.
  const head = {
    row: target.row >= anchor.row ? target.row + target.rowSpan - 1 : target.row,
    col: target.col >= anchor.col ? target.col + target.colSpan - 1 : target.col,
  };
  return rangeSelection(cards, anchor, head);
}

/** Shift+arrow: the selection's head moves one cell, within the grid. */
export function extendByStep(
  selection: Selection | null,
  cards: readonly BoardCard[],
  byId: ReadonlyMap<string, BoardCard>,
  step: { dRow: number; dCol: number },
  grid: { rows: number; cols: number },
): Selection | null {
  const ends = anchorAndHead(selection, byId);
  if (!ends) return null;
  const head = {
    row: Math.min(Math.max(ends.head.row + step.dRow, 0), grid.rows - 1),
    col: Math.min(Math.max(ends.head.col + step.dCol, 0), grid.cols - 1),
  };
  return rangeSelection(cards, ends.anchor, head);
}

/** Ctrl/Cmd+click: the card joins the selection, or leaves it. */
export function toggleCard(selection: Selection | null, byId: ReadonlyMap<string, BoardCard>, card: BoardCard): Selection | null {
  const current = selectedCardIds(selection).filter((id) => byId.has(id));
  const ids = current.includes(card.id) ? current.filter((id) => id !== card.id) : [...current, card.id];
  if (ids.length === 0) return null;
  const cell = { row: card.row, col: card.col };
  const ends = anchorAndHead(selection, byId);
  return selectionOf(ids, ends?.anchor ?? cell, cell);
}

/** Ctrl+A: every card of the board. */
export function selectAll(cards: readonly BoardCard[], grid: { rows: number; cols: number }): Selection | null {
  if (cards.length === 0) return null;
  return selectionOf(
    cards.map((card) => card.id),
    { row: 0, col: 0 },
    { row: grid.rows - 1, col: grid.cols - 1 },
  );
}

/** The selection without cards that are gone (deleted here or by someone else). */
export function withoutMissing(selection: Selection | null, byId: ReadonlyMap<string, BoardCard>): Selection | null {
  if (selection?.kind !== "cards") return selection;
  const ids = selection.ids.filter((id) => byId.has(id));
  if (ids.length === selection.ids.length) return selection;
  return ids.length ? selectionOf(ids, selection.anchor, selection.head) : null;
}

/** How a selection is said: "12 cards". */
export function countLabel(count: number): string {
  return `${count.toLocaleString("en-US")} card${count === 1 ? "" : "s"}`;
}
