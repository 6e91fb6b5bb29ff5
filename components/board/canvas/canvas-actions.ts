import type { Axis } from "../grid/grid-plans";
import type { Selection } from "../state/selection";

/** What the canvas asks of its owner: the editor applies these, the read-only boards select only. */
export interface CanvasActions {
  select(selection: Selection | null): void;
  startEdit(id: string): void;
  commitEdit(id: string, text: string): void;
  cancelEdit(): void;
  toggleTodo(id: string): void;
  moveCard(id: string, target: { row: number; col: number }): void;
  resizeCard(id: string, span: { rowSpan: number; colSpan: number }): void;
  addCardAt(row: number, col: number): void;
  deleteCard(id: string): void;
  deleteLine(id: string): void;
  addTrack(axis: Axis): void;
  removeTrack(axis: Axis, index: number): void;
  resizeTrack(axis: Axis, index: number, size: number | null): void;
  pickForConnect(id: string): void;
  cancelConnect(): void;
}
