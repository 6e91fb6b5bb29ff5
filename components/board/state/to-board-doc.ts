import { BOARD_SNAP_FIELDS, type BoardCard, type BoardDoc, type BoardLine, type BoardSnap, type SizeMap } from "./board-types";
import { blankCard } from "../grid/grid-plans";
import { CARD_FIELD_NAMES } from "@/lib/board-model/card-fields";

/** The fields of a full snap (GET /api/snaps/:id, or lib's SnapDetail) the board needs; size maps as stored (JSON). */
export type SnapSource = Omit<BoardSnap, "rowHeights" | "colWidths"> & {
  rowHeights: unknown;
  colWidths: unknown;
  cards: (BoardCard & { snapId?: string })[];
  lines: (BoardLine & { snapId?: string })[];
};

/** Size maps are JSON in the database: keep only index keys with finite numbers. */
export function toSizeMap(value: unknown): SizeMap {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const map: SizeMap = {};
  for (const [key, size] of Object.entries(value)) {
    if (/^\d+$/.test(key) && typeof size === "number" && Number.isFinite(size)) map[key] = size;
  }
  return map;
}

/** The snap's version (GET /api/snaps/:id's extra field), 0 when the source does not say. */
export function snapVersion(snap: object): number {
  const version = (snap as { version?: unknown }).version;
  return typeof version === "number" && Number.isInteger(version) ? version : 0;
}

/** The snap's own fields in the board's shape, from a full snap or a PATCH /api/snaps/:id answer. */
export function toBoardSnap(snap: Omit<SnapSource, "cards" | "lines">): BoardSnap {
  return pickBoardSnap(snap) as BoardSnap;
}

/** The board's snap fields that `snap` has (all of a whole snap, some of a live change's), size maps cleaned. */
export function pickBoardSnap(snap: Partial<Record<(typeof BOARD_SNAP_FIELDS)[number], unknown>>): Partial<BoardSnap> {
  const picked: Record<string, unknown> = {};
  for (const field of BOARD_SNAP_FIELDS) {
    if (field in snap) picked[field] = field === "rowHeights" || field === "colWidths" ? toSizeMap(snap[field]) : snap[field];
  }
  return picked as Partial<BoardSnap>;
}

/** A plain, serializable copy for the client editor: no dates, no owner or workspace ids. */
export function toBoardDoc(snap: SnapSource): BoardDoc {
  return {
    snap: toBoardSnap(snap),
    cards: snap.cards.map(toBoardCard),
    lines: snap.lines.map(({ id, fromCardId, toCardId, color, style, arrow }) => ({ id, fromCardId, toCardId, color, style, arrow })),
  };
}

/** A card in the board's shape: its id and the card field table's fields (the source may carry more). */
export function toBoardCard(card: BoardCard & { snapId?: string }): BoardCard {
  const board: Record<string, unknown> = { id: card.id };
  for (const name of CARD_FIELD_NAMES) board[name] = card[name];
  board.attachments = card.attachments ?? [];
  return board as BoardCard;
}

/** A card as the page sends it to the browser: id and position, and only the fields that differ from a new card's. */
export type PackedCard = Partial<BoardCard> & Pick<BoardCard, "id" | "row" | "col">;

export interface PackedBoardDoc {
  snap: BoardSnap;
  cards: PackedCard[];
  lines: BoardLine[];
}

/**
 * The page's props carry the whole board to the browser (serialized into the HTML). Most fields of
 * most cards are the defaults: leaving them out makes a 10,000-card board's page about a quarter of
 * the size, which is time to first card and memory (docs/PERFORMANCE.md, "Design decisions").
 */
export function packBoardDoc(doc: BoardDoc): PackedBoardDoc {
  return { snap: doc.snap, lines: doc.lines, cards: doc.cards.map(packCard) };
}

export function packCard(card: BoardCard): PackedCard {
  const blank = blankCard(card.id, card.row, card.col);
  const packed: Record<string, unknown> = {};
  for (const key of Object.keys(card) as (keyof BoardCard)[]) {
    const differs = key === "attachments" ? card.attachments.length > 0 : card[key] !== blank[key];
    if (key === "id" || key === "row" || key === "col" || differs) packed[key] = card[key];
  }
  return packed as PackedCard;
}

export function unpackCard(card: PackedCard): BoardCard {
  return { ...blankCard(card.id, card.row, card.col), ...card };
}

/**
 * A packed card made whole where it is: the fields it left out are added to it. For the rest of a
 * big board, whose packed bands React keeps for as long as the page lives: completed, they are the
 * board's cards, and the browser holds each card once instead of a packed and a whole copy.
 */
export function completeCard(card: PackedCard): BoardCard {
  const blank = blankCard(card.id, card.row, card.col);
  const fields = card as Record<string, unknown>;
  for (const key of Object.keys(blank) as (keyof BoardCard)[]) if (!(key in fields)) fields[key] = blank[key];
  return card as BoardCard;
}

export function unpackBoardDoc(packed: PackedBoardDoc): BoardDoc {
  return { snap: packed.snap, lines: packed.lines, cards: packed.cards.map(unpackCard) };
}
