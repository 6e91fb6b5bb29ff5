import type { CanvasActions } from "../canvas/canvas-actions";
import type { Rect } from "../grid/grid-geometry";
import type { BoardCard } from "../state/board-types";
import type { Selection } from "../state/selection";
import { selectedCardIds } from "../state/selection-model";
import type { BoardActions } from "../state/use-board-actions";
import type { CommandContext, CommandUi, GridKeys, KeyFocus } from "./command-types";

/** What the canvas tells its host at each render: the selection and the cards as drawn. */
export interface CanvasState {
  selection: Selection | null;
  editable: boolean;
  connecting: boolean;
  byId: ReadonlyMap<string, BoardCard>;
  actions: CanvasActions;
}

/**
 * Where the commands of one board find what they act on: the canvas registers its keys and state,
 * the editor its actions and panels. Mutable fields, read when a key is pressed or the menu opens,
 * so that registering costs no render.
 */
export class CommandHost {
  private editor: BoardActions | null = null;
  private ui: CommandUi = {};
  grid: GridKeys | null = null;
  private canvas: CanvasState | null = null;

  /**
   * @param ownsPage whether keys pressed outside any grid (focus on the page) are this board's: the
   * editor's and the public page's, not a past version's preview next to the editor.
   */
  constructor(readonly ownsPage: boolean) {}

  setEditor(editor: BoardActions | null): void {
    this.editor = editor;
  }

  /** What a part of the editor offers the commands; the function returned takes it back. */
  provide(ui: CommandUi): () => void {
    this.ui = { ...this.ui, ...ui };
    return () => {
      for (const key of Object.keys(ui) as (keyof CommandUi)[]) if (this.ui[key] === ui[key]) delete this.ui[key];
    };
  }

  /** The canvas's state and keys, after each of its renders. */
  attachCanvas(state: CanvasState, grid: GridKeys): void {
    this.canvas = state;
    this.grid = grid;
  }

  /**
   * The context a command runs in now. `current`: a selection and cards newer than the canvas's last
   * render (the menu opens in the render that selects the card right-clicked).
   */
  context(focus: KeyFocus, current: { area?: Rect | null; selection?: Selection | null; byId?: ReadonlyMap<string, BoardCard> } = {}): CommandContext | null {
    const canvas = this.canvas;
    if (!canvas) return null;
    const selection = current.selection !== undefined ? current.selection : canvas.selection;
    const byId = current.byId ?? canvas.byId;
    const selected = selectedCardIds(selection).flatMap((id) => byId.get(id) ?? []);
    return {
      focus,
      editable: canvas.editable,
      connecting: canvas.connecting,
      selection,
      selected,
      canvas: canvas.actions,
      editor: canvas.editable ? this.editor : null,
      grid: this.grid,
      ui: this.ui,
      area: current.area ?? null,
    };
  }
}
