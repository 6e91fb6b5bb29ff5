import { MAX_CARD_SPAN, MAX_GRID_INDEX } from "@/lib/board-model/card-constants";
import { BOARD_LIMIT, CellIndex, lockedReason, placeCards, refusesLanding, type GridBounds, type Placement } from "./placement";
import { cardUpdate, linesTouching, type CardUpdate, type Change } from "../state/board-changes";
import type { BoardCard, BoardDoc, BoardLine, CardPatch, SizeMap } from "../state/board-types";
import { blankCard, isBlankCard, type Axis, type Plan } from "./grid-plans";
import { gridSize, type Rect } from "./grid-geometry";
import { boundsOf } from "../state/selection-model";

/**
 * Plans over several cards at once: each gesture (a group move, a paste, a duplicate, a new row)
 * is one list of changes, so one request and one undo step.
 */

function cardsById(doc: BoardDoc, ids: readonly string[]): BoardCard[] {
  const wanted = new Set(ids);
  return doc.cards.filter((card) => wanted.has(card.id));
}

function updates(list: (CardUpdate | null)[]): Change[] {
  const present = list.filter((update): update is CardUpdate => update !== null);
  return present.length ? [{ type: "updateCards", updates: present }] : [];
}

function deletion(doc: BoardDoc, cards: BoardCard[]): Change[] {
  return cards.length ? [{ type: "deleteCards", cards, lines: linesTouching(doc.lines, new Set(cards.map((card) => card.id))) }] : [];
}

export { cardPlace } from "./placement";

function othersIndex(doc: BoardDoc, excluded: ReadonlySet<string>): CellIndex {
  return CellIndex.of(doc.cards, excluded);
}

/**
 * Moves the selected cards together by (dRow, dCol), within `bounds` (the drawn grid for a drag;
 * the board's limit otherwise). The placement rule decides: blank cards in the way are absorbed, a
 * card with content or a locked one refuses the move, named in the error.
 */
/** Why a selection does not move: it would leave the board (or, dragged, the drawn grid). */
export const SELECTION_PAST_EDGE = "The selection cannot move past the edge of the board.";

export function planGroupMove(doc: BoardDoc, ids: readonly string[], delta: { dRow: number; dCol: number }, bounds: GridBounds = BOARD_LIMIT): Plan {
  const moving = cardsById(doc, ids);
  if (moving.length === 0) return { error: "Those cards are gone." };
  if (delta.dRow === 0 && delta.dCol === 0) return { changes: [] };
  const placements = moving.map((card) => ({
    card,
    to: { row: card.row + delta.dRow, col: card.col + delta.dCol, rowSpan: card.rowSpan, colSpan: card.colSpan },
  }));
  return planPlacements(doc, placements, {
    bounds,
    edge: SELECTION_PAST_EDGE,
    hint: "Move it first, or pick an empty spot.",
  });
}

/** Cards to new places as one change, if the placement rule lets them (the absorbed blank cards deleted). */
export function planPlacements(doc: BoardDoc, placements: readonly Placement[], options: Parameters<typeof placeCards>[2] = {}): Plan {
  const landing = placeCards(doc.cards, placements, options);
  if ("error" in landing) return landing;
  return {
    changes: [
      ...deletion(doc, landing.absorbed),
      ...updates(placements.map(({ card, to }) => cardUpdate(card, { row: to.row, col: to.col, rowSpan: to.rowSpan, colSpan: to.colSpan }))),
    ],
  };
}

/** Deletes the selected cards (none of them locked), and their lines with them. */
export function planGroupDelete(doc: BoardDoc, ids: readonly string[]): Plan {
  const doomed = cardsById(doc, ids);
  const locked = doomed.find((card) => card.locked);
  if (locked) return { error: lockedReason(locked) };
  return doomed.length ? { changes: deletion(doc, doomed) } : { error: "Those cards are gone." };
}

/** One patch applied to every selected card (type, colour, a style from the inspector). */
export function planGroupPatch(doc: BoardDoc, ids: readonly string[], patch: CardPatch): Plan {
  return { changes: updates(cardsById(doc, ids).map((card) => cardUpdate(card, patch))) };
}

/** A card of the clipboard: its fields, at a position relative to the copied range's top-left cell. */
export type ClipCard = Omit<BoardCard, "id">;
/** A line of the clipboard, between two of its cards by index. */
export type ClipLineRef = Pick<BoardLine, "color" | "style" | "arrow"> & { from: number; to: number };

export interface PastePlan {
  changes: Change[];
  /** The new cards' ids: the paste selects them. */
  createdIds: string[];
  /** Cards with content the paste replaces or writes over: asked about first. */
  replaced: BoardCard[];
  /** The cells it writes: the selection after it. */
  range: Rect;
}

/**
 * Pastes cards with their spans and relative positions kept, the copied range's top-left at `at`.
 * Cards under them are replaced (blank ones silently; the others are listed in `replaced`).
 */
export function planPasteCards(
  doc: BoardDoc,
  clip: { cards: readonly ClipCard[]; lines: readonly ClipLineRef[] },
  at: { row: number; col: number },
  newId: () => string,
): PastePlan | { error: string } {
  const placed = clip.cards.map((card) => ({ ...card, id: newId(), row: card.row + at.row, col: card.col + at.col }));
  const lines: BoardLine[] = clip.lines.map(({ from, to, ...looks }) => ({ ...looks, id: newId(), fromCardId: placed[from]!.id, toCardId: placed[to]!.id }));
  const box = boundsOf(placed);
  if (!box) return { error: "There is nothing to paste." };
  if (box.row + box.rowSpan - 1 > MAX_GRID_INDEX || box.col + box.colSpan - 1 > MAX_GRID_INDEX) {
    return { error: "The paste would reach past row or column 1,000, the edge of a board." };
  }
  const index = othersIndex(doc, new Set());
  const covered = new Set<BoardCard>();
  for (const card of placed) for (const other of index.under(card)) covered.add(other);
  const locked = [...covered].find((card) => card.locked);
  if (locked) return { error: lockedReason(locked) };
  const replaced = [...covered].filter((card) => !isBlankCard(card));
  return {
    changes: [...deletion(doc, [...covered]), { type: "createCards", cards: placed, lines }],
    createdIds: placed.map((card) => card.id),
    replaced,
    range: box,
  };
}

/**
 * Pastes a table of text (from a spreadsheet, or text copied from a board): one card per cell, the
 * table's top-left at `at`. A cell that holds a card's top-left corner sets that card's text; an
 * empty cell gets a new card; a cell inside a bigger card is left alone, and so is a null cell (one
 * a merged cell of the table covers); an empty string in an empty cell makes no card. A cell's
 * look (`looks`: bold, italic, fill, alignment, as the spreadsheet's HTML says) goes with its text.
 */
export function planPasteTable(
  doc: BoardDoc,
  table: readonly (readonly (string | null)[])[],
  at: { row: number; col: number },
  newId: () => string,
  looks: readonly (readonly (CardPatch | null)[])[] = [],
): PastePlan | { error: string } {
  const height = table.length;
  const width = Math.max(0, ...table.map((row) => row.length));
  if (height === 0 || width === 0) return { error: "There is nothing to paste." };
  if (at.row + height - 1 > MAX_GRID_INDEX || at.col + width - 1 > MAX_GRID_INDEX) {
    return { error: "The paste would reach past row or column 1,000, the edge of a board." };
  }
  const index = othersIndex(doc, new Set());
  const created: BoardCard[] = [];
  const written: (CardUpdate | null)[] = [];
  const replaced: BoardCard[] = [];
  let lockedCard: BoardCard | null = null;
  table.forEach((values, r) => {
    values.forEach((value, c) => {
      const row = at.row + r;
      const col = at.col + c;
      const [card] = index.under({ row, col, rowSpan: 1, colSpan: 1 });
      if (value === null) return;
      const look = looks[r]?.[c] ?? {};
      if (!card) {
        if (value !== "" || Object.keys(look).length) created.push({ ...blankCard(newId(), row, col), ...look, title: value });
      } else if (card.row === row && card.col === col) {
        const update = cardUpdate(card, { ...look, title: value });
        if (!update) return;
        if (card.locked) lockedCard ??= card;
        if (card.title.trim() !== "" && card.title !== value) replaced.push(card);
        written.push(update);
      }
    });
  });
  if (lockedCard) return { error: lockedReason(lockedCard) };
  const changes: Change[] = [...updates(written)];
  if (created.length) changes.push({ type: "createCards", cards: created, lines: [] });
  return { changes, createdIds: created.map((card) => card.id), replaced, range: { row: at.row, col: at.col, rowSpan: height, colSpan: width } };
}

/**
 * Ctrl+D: copies of the selected cards, their layout kept, in the nearest place where all of them
 * fit on free cells (empty, or holding a blank card, which is replaced). Lines between two copied
 * cards are copied too.
 */
export function planDuplicate(doc: BoardDoc, ids: readonly string[], newId: () => string): PastePlan | { error: string } {
  const originals = cardsById(doc, ids);
  const box = boundsOf(originals);
  if (!box) return { error: "Select the cards to duplicate first." };
  const selected = new Set(ids);
  const solid = new CellIndex();
  const blanks = new CellIndex();
  for (const card of doc.cards) (selected.has(card.id) || refusesLanding(card) ? solid : blanks).add(card);
  const fits = (dRow: number, dCol: number) =>
    box.row + dRow >= 0 &&
    box.col + dCol >= 0 &&
    box.row + box.rowSpan - 1 + dRow <= MAX_GRID_INDEX &&
    box.col + box.colSpan - 1 + dCol <= MAX_GRID_INDEX &&
    originals.every((card) => solid.under({ ...card, row: card.row + dRow, col: card.col + dCol }).length === 0);
  const offset = nearestOffset(fits, box);
  if (!offset) return { error: "There is no free space for a copy of these cards." };
  const copyOf = new Map<string, string>();
  const copies = originals.map((card) => {
    const id = newId();
    copyOf.set(card.id, id);
    return { ...card, id, row: card.row + offset.dRow, col: card.col + offset.dCol };
  });
  const covered = new Set<BoardCard>();
  for (const copy of copies) for (const blank of blanks.under(copy)) covered.add(blank);
  const lines: BoardLine[] = doc.lines
    .filter((line) => copyOf.has(line.fromCardId) && copyOf.has(line.toCardId))
    .map((line) => ({ ...line, id: newId(), fromCardId: copyOf.get(line.fromCardId)!, toCardId: copyOf.get(line.toCardId)! }));
  return {
    changes: [...deletion(doc, [...covered]), { type: "createCards", cards: copies, lines }],
    createdIds: copies.map((card) => card.id),
    replaced: [],
    range: { ...box, row: box.row + offset.dRow, col: box.col + offset.dCol },
  };
}

/**
 * The nearest offset at which the group fits: right of it and below it first (where a copy is
 * looked for), then outwards ring by ring.
 */
function nearestOffset(fits: (dRow: number, dCol: number) => boolean, box: Rect): { dRow: number; dCol: number } | null {
  const preferred = [
    { dRow: 0, dCol: box.colSpan },
    { dRow: box.rowSpan, dCol: 0 },
  ];
  for (const offset of preferred) if (fits(offset.dRow, offset.dCol)) return offset;
  const limit = MAX_GRID_INDEX + 1;
  for (let ring = 1; ring <= limit; ring += 1) {
    let found: { dRow: number; dCol: number; cost: number } | null = null;
    for (let dRow = -ring; dRow <= ring; dRow += 1) {
      for (const dCol of Math.abs(dRow) === ring ? range(-ring, ring) : [-ring, ring]) {
        if (!fits(dRow, dCol)) continue;
        // Below and to the right before above and to the left, at the same distance.
        const cost = Math.abs(dRow) + Math.abs(dCol) + (dRow < 0 || dCol < 0 ? 0.5 : 0);
        if (!found || cost < found.cost) found = { dRow, dCol, cost };
      }
    }
    if (found) return { dRow: found.dRow, dCol: found.dCol };
    if (box.row - ring < 0 && box.col - ring < 0 && box.row + ring > MAX_GRID_INDEX && box.col + ring > MAX_GRID_INDEX) break;
  }
  return null;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

function shiftSizes(map: SizeMap, at: number): SizeMap {
  const next: SizeMap = {};
  for (const [key, size] of Object.entries(map)) {
    const index = Number(key);
    next[String(index >= at ? index + 1 : index)] = size;
  }
  return next;
}

/**
 * Inserts a row or column before `index`: the cards from there on move down or right, a card
 * across it grows, and the new track gets blank cards where nothing spans it, as a new snap's grid
 * has. Sized tracks keep their sizes.
 */
export function planInsertTrack(doc: BoardDoc, axis: Axis, index: number, newId: () => string): Plan {
  const pos = axis === "row" ? "row" : "col";
  const span = axis === "row" ? "rowSpan" : "colSpan";
  const { rows, cols } = gridSize(doc.cards, doc.snap.rowHeights, doc.snap.colWidths);
  if ((axis === "row" ? rows : cols) > MAX_GRID_INDEX) return { error: "A board can have at most 1,000 rows and columns." };
  const moved: (CardUpdate | null)[] = [];
  const across: BoardCard[] = [];
  for (const card of doc.cards) {
    if (card[pos] >= index) moved.push(cardUpdate(card, { [pos]: card[pos] + 1 }));
    else if (card[pos] + card[span] > index) {
      moved.push(cardUpdate(card, { [span]: card[span] + 1 }));
      across.push(card);
    }
  }
  const length = axis === "row" ? cols : rows;
  const blanks: BoardCard[] = [];
  for (let other = 0; other < length; other += 1) {
    const spanned = across.some((card) =>
      axis === "row" ? card.col <= other && other < card.col + card.colSpan : card.row <= other && other < card.row + card.rowSpan,
    );
    if (!spanned) blanks.push(axis === "row" ? blankCard(newId(), index, other) : blankCard(newId(), other, index));
  }
  const changes: Change[] = [...updates(moved)];
  if (blanks.length) changes.push({ type: "createCards", cards: blanks, lines: [] });
  const mapKey = axis === "row" ? "rowHeights" : "colWidths";
  const sizes = doc.snap[mapKey];
  if (Object.keys(sizes).some((key) => Number(key) >= index)) {
    changes.push({ type: "updateSnap", before: { [mapKey]: sizes }, after: { [mapKey]: shiftSizes(sizes, index) } });
  }
  return { changes };
}

/** Nudges or drags can push cards off the bottom or right: the grid they may use. */
export function boardBounds(doc: BoardDoc): { rows: number; cols: number } {
  return gridSize(doc.cards, doc.snap.rowHeights, doc.snap.colWidths);
}

/**
 * A card dragged by one of its edges or corners: any of its four sides moves, within `bounds`; the
 * placement rule decides what it may grow over (as the corner's resize).
 */
export function planReshape(doc: BoardDoc, cardId: string, rect: Rect, bounds: GridBounds = BOARD_LIMIT): Plan {
  const card = doc.cards.find((candidate) => candidate.id === cardId);
  if (!card) return { error: "That card is gone." };
  const row = Math.max(0, rect.row);
  const col = Math.max(0, rect.col);
  const next = {
    row,
    col,
    rowSpan: Math.min(Math.max(1, rect.rowSpan - (row - rect.row)), MAX_CARD_SPAN, bounds.rows - row),
    colSpan: Math.min(Math.max(1, rect.colSpan - (col - rect.col)), MAX_CARD_SPAN, bounds.cols - col),
  };
  if (updates([cardUpdate(card, next)]).length === 0) return { changes: [] };
  return planPlacements(doc, [{ card, to: next }], { bounds });
}
