import { MAX_CARD_SPAN as MAX_SPAN, MAX_GRID_INDEX as MAX_INDEX } from "@/lib/board-model/card-constants";
import { CARD_DEFAULTS } from "@/lib/board-model/card-fields";
import { cardUpdate, linesTouching, type Change, type CardUpdate } from "../state/board-changes";
import type { BoardCard, BoardDoc, SizeMap } from "../state/board-types";
import { contains, gridSize, overlaps, readingOrder, type Rect } from "./grid-geometry";

export type Plan = { changes: Change[] } | { error: string };
export type Axis = "row" | "col";

/** A card nothing would be lost from: no text, no note, no color. Moves may displace or absorb it. */
export function isBlankCard(card: BoardCard): boolean {
  return card.title.trim() === "" && card.note.trim() === "" && card.color === "";
}

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

function noOverlaps(rects: Rect[]): boolean {
  return rects.every((a, i) => rects.every((b, j) => j <= i || !overlaps(a, b)));
}

/**
 * Moves a card so its top-left cell is `target`. Cards in the way trade places with it when they
 * fit where it was (a swap, or single cells filling the cells it leaves); blank cards that cannot
 * be placed are absorbed; a card with content that cannot be placed stops the move.
 * `bounds` keeps a drag inside the drawn grid; without it only the server's limits apply.
 */
export function planMove(doc: BoardDoc, cardId: string, target: { row: number; col: number }, bounds?: { rows: number; cols: number }): Plan {
  const card = doc.cards.find((candidate) => candidate.id === cardId);
  if (!card) return { error: "That card is gone." };
  const maxRow = bounds ? bounds.rows - card.rowSpan : MAX_INDEX;
  const maxCol = bounds ? bounds.cols - card.colSpan : MAX_INDEX;
  const moved: Rect = { ...card, row: clamp(target.row, 0, Math.max(0, maxRow)), col: clamp(target.col, 0, Math.max(0, maxCol)) };
  if (moved.row === card.row && moved.col === card.col) return { changes: [] };

  const others = doc.cards.filter((other) => other.id !== card.id);
  const inTheWay = others.filter((other) => overlaps(other, moved));
  const own = cardUpdate(card, { row: moved.row, col: moved.col });
  if (inTheWay.length === 0) return { changes: updatesChange([own]) };

  const rest = others.filter((other) => !inTheWay.includes(other));
  const fits = (placed: Rect[]) =>
    placed.every((rect) => rect.row >= 0 && rect.col >= 0 && (!bounds || (rect.row + rect.rowSpan <= bounds.rows && rect.col + rect.colSpan <= bounds.cols))) &&
    noOverlaps([moved, ...placed, ...rest]);

  // A swap: everything in the way shifts by the opposite of the move.
  const dRow = card.row - moved.row;
  const dCol = card.col - moved.col;
  const shifted = inTheWay.map((other) => ({ ...other, row: other.row + dRow, col: other.col + dCol }));
  if (inTheWay.every((other) => contains(moved, other)) && fits(shifted)) {
    return { changes: updatesChange([own, ...inTheWay.map((other, i) => cardUpdate(other, { row: shifted[i]!.row, col: shifted[i]!.col }))]) };
  }

  // Single cells fill the cells the card leaves, in reading order.
  const freed = cellsOf(card).filter((cell) => !overlaps({ ...cell, rowSpan: 1, colSpan: 1 }, moved));
  if (inTheWay.every((other) => other.rowSpan === 1 && other.colSpan === 1) && inTheWay.length <= freed.length) {
    const ordered = readingOrder(inTheWay);
    const placed = ordered.map((other, i) => ({ ...other, ...freed[i]! }));
    if (fits(placed)) {
      return { changes: updatesChange([own, ...ordered.map((other, i) => cardUpdate(other, freed[i]!))]) };
    }
  }

  if (inTheWay.every(isBlankCard)) return { changes: [deleteChange(doc, inTheWay), ...updatesChange([own])] };
  return { error: "Another card is in the way. Move it first, or pick an empty spot." };
}

/** Changes a card's span. Blank cards it grows over are absorbed; a card with content stops it. */
export function planResize(doc: BoardDoc, cardId: string, span: { rowSpan: number; colSpan: number }, bounds?: { rows: number; cols: number }): Plan {
  const card = doc.cards.find((candidate) => candidate.id === cardId);
  if (!card) return { error: "That card is gone." };
  const rowSpan = clamp(span.rowSpan, 1, bounds ? bounds.rows - card.row : MAX_SPAN);
  const colSpan = clamp(span.colSpan, 1, bounds ? bounds.cols - card.col : MAX_SPAN);
  if (rowSpan === card.rowSpan && colSpan === card.colSpan) return { changes: [] };
  const grown: Rect = { ...card, rowSpan, colSpan };
  const inTheWay = doc.cards.filter((other) => other.id !== card.id && overlaps(other, grown));
  const own = updatesChange([cardUpdate(card, { rowSpan, colSpan })]);
  if (inTheWay.length === 0) return { changes: own };
  if (inTheWay.every(isBlankCard)) return { changes: [deleteChange(doc, inTheWay), ...own] };
  return { error: "A card with content is in the way. Move it first." };
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
