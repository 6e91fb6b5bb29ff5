import type { Axis } from "../grid/grid-plans";
import type { Rect } from "../grid/grid-geometry";
import type { Selection } from "../state/selection";

/** Where Enter (down), Shift+Enter (up), Tab (right) and Shift+Tab (left) take the selection after an inline edit. */
export type EditMove = "down" | "up" | "right" | "left";

/** What the canvas asks of its owner: the editor applies these, the read-only boards select only. */
export interface CanvasActions {
  select(selection: Selection | null): void;
  /** mode "end": F2, the caret after the text; text: typed on the card, it replaces the text. */
  startEdit(id: string, options?: { mode?: "end"; text?: string }): void;
  commitEdit(id: string, text: string, move?: EditMove): void;
  cancelEdit(): void;
  toggleTodo(id: string): void;
  /** within "grid" (a drag, the default): inside the drawn grid; "board": up to the board's limit (the inspector's fields). */
  moveCard(id: string, target: { row: number; col: number }, within?: "grid" | "board"): void;
  resizeCard(id: string, span: { rowSpan: number; colSpan: number }, within?: "grid" | "board"): void;
  /** text: typed on the empty cell, the new card's text so far. */
  addCardAt(row: number, col: number, text?: string): void;
  deleteCard(id: string): void;
  deleteLine(id: string): void;
  addTrack(axis: Axis): void;
  removeTrack(axis: Axis, index: number): void;
  resizeTrack(axis: Axis, index: number, size: number | null): void;
  pickForConnect(id: string): void;
  cancelConnect(): void;
  /** A dragged selection of several cards. */
  moveCards(ids: readonly string[], delta: { dRow: number; dCol: number }): void;
  /** Alt+arrows on a selection. */
  nudgeSelection(dRow: number, dCol: number): void;
  /** A card dragged by an edge or corner. */
  reshapeCard(id: string, rect: Rect): void;
  deleteSelection(): void;
  /** The context menu, at a point of the window (right click, long press) or at the selection (keyboard). */
  openMenu(at: { x: number; y: number }): void;
}
