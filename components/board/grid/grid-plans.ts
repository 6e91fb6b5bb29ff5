import { MAX_CARD_SPAN as MAX_SPAN, MAX_GRID_INDEX as MAX_INDEX } from "@/lib/board-model/card-constants";
import { CARD_DEFAULTS } from "@/lib/board-model/card-fields";
import { BOARD_LIMIT, CellIndex, clampDelta, lockedReason, placeCards, type GridBounds, type Placement } from "./placement";
import { cardUpdate, linesTouching, type Change, type CardUpdate } from "../state/board-changes";
import type { BoardCard, BoardDoc, SizeMap } from "../state/board-types";
import { contains, gridSize, overlaps, readingOrder, type Rect } from "./grid-geometry";

export type Plan = { changes: Change[] } | { error: string };
export type Axis = "row" | "col";
export { isBlankCard } from "./placement";

/** A new card with the server's defaults, so what is drawn is what gets saved. */
export function blankCard(id: string, row: number, col: number): BoardCard {
  return { ...CARD_DEFAULTS, attachments: [], id, row, col };
}

function deleteChange(doc: BoardDoc, cards: BoardCard[]): Change {
  return { type: "deleteCards", cards, lines: linesTouching(doc.lines, new Set(cards.map((card) => card.id))) };
}

function updatesChange(updates: (CardUpdate | null)[]): Change[] {
  const present = updates.filter((update): update is CardUpdate => update !== null);
  return present.length ? [{ type: "updateCards", updates: present }] : [];
}

function cellsOf(rect: Rect): { row: number; col: number }[] {
  const cells = [];
  for (let row = rect.row; row < rect.row + rect.rowSpan; row += 1) {
    for (let col = rect.col; col < rect.col + rect.colSpan; col += 1) cells.push({ row, col });
  }
  return cells;
}

/** Whether cards may take these places without absorbing anything (a swap's or a fill's test). */
function fitsExactly(doc: BoardDoc, placements: Placement[], bounds: GridBounds): boolean {
  const landing = placeCards(doc.cards, placements, { bounds });
  return "absorbed" in landing && landing.absorbed.length === 0;
}

/**
 * Moves a card so its top-left cell is `target`, within `bounds` (the drawn grid for a drag; the
 * board's limit otherwise). Cards in the way trade places with it when they fit where it was (a
 * swap, or single cells filling the cells it leaves); otherwise the placement rule decides (blank
 * cards absorbed, a card with content or a locked one stops the move).
 */
export function planMove(doc: BoardDoc, cardId: string, target: { row: number; col: number }, bounds: GridBounds = BOARD_LIMIT): Plan {
  const card = doc.cards.find((candidate) => candidate.id === cardId);
  if (!card) return { error: "That card is gone." };
  const delta = clampDelta(card, { dRow: target.row - card.row, dCol: target.col - card.col }, bounds);
  if (delta.dRow === 0 && delta.dCol === 0) return { changes: [] };
  if (card.locked) return { error: lockedReason(card) };
  const moved: Rect = { row: card.row + delta.dRow, col: card.col + delta.dCol, rowSpan: card.rowSpan, colSpan: card.colSpan };
  const own = cardUpdate(card, { row: moved.row, col: moved.col });
  const inTheWay = CellIndex.of(doc.cards, new Set([card.id])).under(moved);
  if (inTheWay.length === 0) return { changes: updatesChange([own]) };

  // A swap: everything in the way shifts by the opposite of the move.
  const swapped = inTheWay.map((other) => ({ card: other, to: { ...rectOf(other), row: other.row - delta.dRow, col: other.col - delta.dCol } }));
  if (inTheWay.every((other) => contains(moved, other)) && fitsExactly(doc, [{ card, to: moved }, ...swapped], bounds)) {
    return { changes: updatesChange([own, ...swapped.map(({ card: other, to }) => cardUpdate(other, { row: to.row, col: to.col }))]) };
  }

  // Single cells fill the cells the card leaves, in reading order.
  const freed = cellsOf(card).filter((cell) => !overlaps({ ...cell, rowSpan: 1, colSpan: 1 }, moved));
  if (inTheWay.every((other) => other.rowSpan === 1 && other.colSpan === 1) && inTheWay.length <= freed.length) {
    const filled = readingOrder(inTheWay).map((other, i) => ({ card: other, to: { ...freed[i]!, rowSpan: 1, colSpan: 1 } }));
    if (fitsExactly(doc, [{ card, to: moved }, ...filled], bounds)) {
      return { changes: updatesChange([own, ...filled.map(({ card: other, to }) => cardUpdate(other, { row: to.row, col: to.col }))]) };
    }
  }

  const landing = placeCards(doc.cards, [{ card, to: moved }], { bounds, hint: "Move it first, or pick an empty spot." });
  if ("error" in landing) return landing;
  return { changes: [deleteChange(doc, landing.absorbed), ...updatesChange([own])] };
}

/** Changes a card's span, within `bounds`; the placement rule decides what it may grow over. */
export function planResize(doc: BoardDoc, cardId: string, span: { rowSpan: number; colSpan: number }, bounds: GridBounds = BOARD_LIMIT): Plan {
  const card = doc.cards.find((candidate) => candidate.id === cardId);
  if (!card) return { error: "That card is gone." };
  const rowSpan = clamp(span.rowSpan, 1, Math.min(MAX_SPAN, bounds.rows - card.row));
  const colSpan = clamp(span.colSpan, 1, Math.min(MAX_SPAN, bounds.cols - card.col));
  if (rowSpan === card.rowSpan && colSpan === card.colSpan) return { changes: [] };
  const landing = placeCards(doc.cards, [{ card, to: { ...rectOf(card), rowSpan, colSpan } }], { bounds });
  if ("error" in landing) return landing;
  const own = updatesChange([cardUpdate(card, { rowSpan, colSpan })]);
  return { changes: landing.absorbed.length ? [deleteChange(doc, landing.absorbed), ...own] : own };
}

function rectOf(card: Rect): Rect {
  return { row: card.row, col: card.col, rowSpan: card.rowSpan, colSpan: card.colSpan };
}

function shiftSizeMap(map: SizeMap, removed: number): SizeMap {
  const next: SizeMap = {};
  for (const [key, size] of Object.entries(map)) {
    const index = Number(key);
    if (index < removed) next[key] = size;
    else if (index > removed) next[String(index - 1)] = size;
  }
  return next;
}

/** The cards removing a row or column deletes: those that lie only in it. */
export function cardsOnlyIn(doc: BoardDoc, axis: Axis, index: number): BoardCard[] {
  return doc.cards.filter((card) => (axis === "row" ? card.row === index && card.rowSpan === 1 : card.col === index && card.colSpan === 1));
}

/** Removes a row or column: its own cards go, cards across it shrink, later ones move up or left. */
export function planRemoveTrack(doc: BoardDoc, axis: Axis, index: number): Plan {
  const { rows, cols } = gridSize(doc.cards, doc.snap.rowHeights, doc.snap.colWidths);
  if ((axis === "row" ? rows : cols) <= 1) return { error: `A board keeps at least one ${axis === "row" ? "row" : "column"}.` };
  const doomed = cardsOnlyIn(doc, axis, index);
  const gone = new Set(doomed.map((card) => card.id));
  const pos = axis === "row" ? "row" : "col";
  const spanKey = axis === "row" ? "rowSpan" : "colSpan";
  // A locked card in the track would be deleted or shrunk: refused (docs/BOARD_COMMANDS.md, "Lock").
  // One after it only moves along with the whole grid, its neighbours with it, and may.
  const locked = lockedInTrack(doc, axis, index);
  if (locked) return { error: lockedReason(locked) };
  const updates = doc.cards
    .filter((card) => !gone.has(card.id))
    .map((card) => {
      if (card[pos] > index) return cardUpdate(card, { [pos]: card[pos] - 1 });
      if (card[pos] + card[spanKey] > index) return cardUpdate(card, { [spanKey]: card[spanKey] - 1 });
      return null;
    });
  const mapKey = axis === "row" ? "rowHeights" : "colWidths";
  const sizes = doc.snap[mapKey];
  const shiftedSizes = shiftSizeMap(sizes, index);
  const changes: Change[] = [];
  if (doomed.length) changes.push(deleteChange(doc, doomed));
  changes.push(...updatesChange(updates));
  if (JSON.stringify(shiftedSizes) !== JSON.stringify(sizes)) {
    changes.push({ type: "updateSnap", before: { [mapKey]: sizes }, after: { [mapKey]: shiftedSizes } });
  }
  return { changes };
}

/** A locked card that holds a cell of the row or column `index`, if any. */
export function lockedInTrack(doc: BoardDoc, axis: Axis, index: number): BoardCard | undefined {
  const pos = axis === "row" ? "row" : "col";
  const spanKey = axis === "row" ? "rowSpan" : "colSpan";
  return doc.cards.find((card) => card.locked && card[pos] <= index && card[pos] + card[spanKey] > index);
}

/** Adds a row at the bottom or a column at the right, filled with blank cards as a new snap's grid is. */
export function planAddTrack(doc: BoardDoc, axis: Axis, newId: () => string): Plan {
  const { rows, cols } = gridSize(doc.cards, doc.snap.rowHeights, doc.snap.colWidths);
  if ((axis === "row" ? rows : cols) > MAX_INDEX) return { error: "A board can have at most 1,000 rows and columns." };
  const cards =
    axis === "row"
      ? Array.from({ length: cols }, (_, col) => blankCard(newId(), rows, col))
      : Array.from({ length: rows }, (_, row) => blankCard(newId(), row, cols));
  return { changes: [{ type: "createCards", cards, lines: [] }] };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
