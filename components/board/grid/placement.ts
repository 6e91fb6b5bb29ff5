import { MAX_GRID_INDEX } from "@/lib/board-model/card-constants";
import type { BoardCard } from "../state/board-types";
import type { Rect } from "./grid-geometry";

/**
 * The one rule of what may be placed where (docs/BOARD_COMMANDS.md, "Placement"): every move,
 * resize, nudge, align and distribute, and the drop preview of a drag, ask it.
 *
 * - A card stays inside its bounds: the drawn grid for a drag, the board's limit otherwise.
 * - Moving cards do not land on each other.
 * - Another card under a landing is absorbed (deleted) when it is blank and not locked; any other
 *   card refuses the landing, and is named in the reason.
 * - A locked card does not move or change its span at all.
 */

export interface GridBounds {
  rows: number;
  cols: number;
}

/** The server's limit: rows and columns 0 to 1,000. */
export const BOARD_LIMIT: GridBounds = { rows: MAX_GRID_INDEX + 1, cols: MAX_GRID_INDEX + 1 };

/** The card covering a cell, if any: the drawn grid's occupancy or a CellIndex. */
export type CardAt = (row: number, col: number) => BoardCard | undefined;

export function insideBounds(rect: Rect, bounds: GridBounds = BOARD_LIMIT): boolean {
  return rect.row >= 0 && rect.col >= 0 && rect.row + rect.rowSpan <= bounds.rows && rect.col + rect.colSpan <= bounds.cols;
}

/** The part of a move that keeps `box` inside the bounds: what a drag shows and what its drop asks for. */
export function clampDelta(box: Rect, delta: { dRow: number; dCol: number }, bounds: GridBounds): { dRow: number; dCol: number } {
  return {
    dRow: Math.min(Math.max(delta.dRow, -box.row), Math.max(-box.row, bounds.rows - box.row - box.rowSpan)),
    dCol: Math.min(Math.max(delta.dCol, -box.col), Math.max(-box.col, bounds.cols - box.col - box.colSpan)),
  };
}

/** A card nothing would be lost from: no text, no note, no color. Moves may displace or absorb it. */
export function isBlankCard(card: BoardCard): boolean {
  return card.title.trim() === "" && card.note.trim() === "" && card.color === "";
}

/** A card that cannot be absorbed by a card landing on it. */
export function refusesLanding(card: BoardCard): boolean {
  return Boolean(card.locked) || !isBlankCard(card);
}

/** The other cards under a landing (each once), and the first of them that refuses it. */
export function landingOn(target: Rect, cardAt: CardAt, moving: ReadonlySet<string>): { under: BoardCard[]; blocker: BoardCard | null } {
  const under = new Set<BoardCard>();
  let blocker: BoardCard | null = null;
  for (let row = target.row; row < target.row + target.rowSpan; row += 1) {
    for (let col = target.col; col < target.col + target.colSpan; col += 1) {
      const card = cardAt(row, col);
      if (!card || moving.has(card.id) || under.has(card)) continue;
      under.add(card);
      if (!blocker && refusesLanding(card)) blocker = card;
    }
  }
  return { under: [...under], blocker };
}

/** Cards by cell, for cheap overlap tests of many cards (the plans'; the drawn grid has its occupancy). */
export class CellIndex {
  private readonly cells = new Map<number, BoardCard>();

  static of(cards: readonly BoardCard[], excluded: ReadonlySet<string> = new Set()): CellIndex {
    const index = new CellIndex();
    for (const card of cards) if (!excluded.has(card.id)) index.add(card);
    return index;
  }

  add(card: BoardCard): void {
    for (let row = card.row; row < card.row + card.rowSpan; row += 1) {
      for (let col = card.col; col < card.col + card.colSpan; col += 1) this.cells.set(row * 1024 + col, card);
    }
  }

  readonly at: CardAt = (row, col) => this.cells.get(row * 1024 + col);

  /** The cards under a rect (each once). */
  under(rect: Rect): BoardCard[] {
    return landingOn(rect, this.at, new Set()).under;
  }
}

/** How a card is named in a message: its cell, and its text when it has one. */
export function cardPlace(card: BoardCard): string {
  const text = card.title.trim();
  return `row ${card.row + 1}, column ${card.col + 1}${text ? ` (“${text.length > 30 ? `${text.slice(0, 29)}…` : text}”)` : ""}`;
}

export function lockedReason(card: BoardCard): string {
  return `The card at ${cardPlace(card)} is locked. Unlock it first.`;
}

export interface Placement {
  card: BoardCard;
  to: Rect;
}

/**
 * Whether cards may take these places (the rule above). On success, the blank cards the landing
 * absorbs; else the reason, naming the card in the way. `hint` ends that reason.
 */
export function placeCards(
  cards: readonly BoardCard[],
  placements: readonly Placement[],
  options: { bounds?: GridBounds; edge?: string; hint?: string } = {},
): { absorbed: BoardCard[] } | { error: string } {
  const moving = new Set(placements.map(({ card }) => card.id));
  const locked = placements.find(({ card, to }) => card.locked && !sameRect(card, to));
  if (locked) return { error: lockedReason(locked.card) };
  if (!placements.every(({ to }) => insideBounds(to, options.bounds))) return { error: options.edge ?? "The cards cannot move past the edge of the board." };
  const others = CellIndex.of(cards, moving);
  const placed = new CellIndex();
  const absorbed = new Set<BoardCard>();
  for (const { card, to } of placements) {
    const onMoving = landingOn(to, placed.at, new Set()).under[0];
    if (onMoving) return { error: `The cards would overlap: the card at ${cardPlace(card)} would land on the one at ${cardPlace(onMoving)}.` };
    placed.add({ ...card, ...to });
    const { under, blocker } = landingOn(to, others.at, moving);
    if (blocker?.locked) return { error: lockedReason(blocker) };
    if (blocker) return { error: `The card at ${cardPlace(blocker)} is in the way. ${options.hint ?? "Move it first."}` };
    for (const card of under) absorbed.add(card);
  }
  return { absorbed: [...absorbed] };
}

function sameRect(a: Rect, b: Rect): boolean {
  return a.row === b.row && a.col === b.col && a.rowSpan === b.rowSpan && a.colSpan === b.colSpan;
}
