import type { CanvasActions } from "../canvas/canvas-actions";
import type { Rect } from "../grid/grid-geometry";
import type { BoardCard } from "../state/board-types";
import type { Selection } from "../state/selection";
import type { BoardActions } from "../state/use-board-actions";
import type { BoardZoomControls } from "../zoom/use-board-zoom";

/** Where the keyboard's focus is when a key is pressed: a card or cell of the grid, the board (or nothing), elsewhere on the page, a text field. */
export type KeyFocus = "grid" | "board" | "page" | "text";

/** Where a command's keys work: each scope holds the ones after it ("grid" is the narrowest). */
export type CommandScope = "grid" | "board" | "page" | "anywhere";

/** The sections of the `?` list, in its order. */
export const COMMAND_GROUPS = ["Select", "Edit", "Move and copy", "Arrange", "View and find"] as const;
export type CommandGroup = (typeof COMMAND_GROUPS)[number];

/** The context menu's sections, in its order (the type and colour pickers come after "edit"). */
export const MENU_SECTIONS = ["edit", "lock", "arrange", "tracks", "help"] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];

/** What the focused grid does with keys: it knows its layout, the cells and the focus. */
export interface GridKeys {
  element: HTMLElement | null;
  /** An arrow: the selection goes to the next card (or, for editors, empty cell) that way, focused and in view. */
  go(arrow: string): void;
  /** Shift+arrow: the selection grows by a cell that way. */
  extend(arrow: string): void;
  selectAll(): void;
}

/** What the editor around the canvas offers the commands (absent on a read-only board). */
export interface CommandUi {
  showShortcuts?: () => void;
  openFind?: () => void;
  zoom?: BoardZoomControls;
  /** Through the Clipboard API (the menu); the keys go through the browser's own copy, cut and paste events. */
  clipboard?: { copy(): void; cut(): void; paste(): void };
  /** Opens the context menu at the focused card or cell. */
  openMenuAtFocus?: () => void;
}

export interface CommandContext {
  focus: KeyFocus;
  editable: boolean;
  connecting: boolean;
  selection: Selection | null;
  /** The selected cards, as the board holds them now. */
  selected: readonly BoardCard[];
  canvas: CanvasActions;
  /** The editor's actions; null on a read-only board. */
  editor: BoardActions | null;
  grid: GridKeys | null;
  ui: CommandUi;
  /** The rows and columns the selection covers (the menu's rows and columns are around it). */
  area: Rect | null;
}

/**
 * One thing a person can do on the board: its name, its keys, when it applies and what it does.
 * The keyboard dispatcher, the context menu, the toolbar and the `?` list all read it.
 */
export interface BoardCommand {
  id: string;
  /** As the menu and the `?` list say it; a function when it depends on the selection ("Delete 3 cards", "Unlock"). */
  label: string | ((context: CommandContext) => string);
  /** What the `?` list says, when the menu's short label is not enough. */
  description?: string;
  group: CommandGroup;
  /** Key chords (key-chord.ts), the first one shown first. None: a menu item only. */
  keys?: readonly string[];
  /** Where the keys work. */
  scope?: CommandScope;
  /** The context menu's section that lists it, in the table's order; none: not in the menu. */
  menu?: MenuSection;
  /**
   * The keys are the browser's (Ctrl+C, X, V make the clipboard events the board answers): listed and
   * kept from being bound twice, but the dispatcher leaves them to the browser.
   */
  browserKeys?: boolean;
  /** Whether it applies now: a key that does not apply goes on to the browser; the menu shows the item disabled. */
  when?(context: CommandContext): boolean;
  /** `key`: the key event's key, for a class of keys (which arrow, which character). */
  perform(context: CommandContext, key?: string): void;
}

export function commandLabel(command: BoardCommand, context: CommandContext): string {
  return typeof command.label === "function" ? command.label(context) : command.label;
}
