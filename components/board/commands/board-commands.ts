import { countLabel } from "../state/selection-model";
import type { BoardCommand, CommandContext } from "./command-types";
import { chordLabel } from "./key-chord";

/**
 * Every command of the board, once: the keyboard dispatcher (use-command-keys.ts), the context menu,
 * the toolbar and the `?` list read this table, so a command's keys are bound and shown from one place
 * (docs/BOARD_COMMANDS.md). The order is the menu's within a section, and the `?` list's within a group.
 */

const editing = ({ editable, editor }: CommandContext) => editable && editor !== null;
const someSelected = (context: CommandContext) => editing(context) && context.selected.length > 0;
const severalSelected = (context: CommandContext) => editing(context) && context.selected.length > 1;
const allLocked = (context: CommandContext) => context.selected.length > 0 && context.selected.every((card) => card.locked);

export const BOARD_COMMANDS: readonly BoardCommand[] = [
  // Select
  {
    id: "selectAll",
    label: "Select all",
    description: "Select every card of the board",
    group: "Select",
    keys: ["Mod+A"],
    scope: "board",
    when: (context) => context.grid !== null,
    perform: (context) => context.grid?.selectAll(),
  },
  {
    id: "go",
    label: "Go to the next card or cell",
    group: "Select",
    keys: ["Arrow"],
    scope: "grid",
    perform: (context, key) => key && context.grid?.go(key),
  },
  {
    id: "extendSelection",
    label: "Select every card of the rectangle between",
    group: "Select",
    keys: ["Shift+Arrow"],
    scope: "grid",
    perform: (context, key) => key && context.grid?.extend(key),
  },
  {
    id: "escape",
    label: "Clear the selection, or leave connect mode",
    group: "Select",
    keys: ["Escape"],
    scope: "page",
    when: (context) => context.connecting || context.focus === "grid",
    perform: (context) => (context.connecting ? context.canvas.cancelConnect() : context.canvas.select(null)),
  },

  // Edit
  {
    id: "typeToEdit",
    label: "Edit the selected card, starting with the character (or add a card in an empty cell)",
    group: "Edit",
    keys: ["Char"],
    scope: "grid",
    when: (context) => context.editable && !context.connecting && (context.selection?.kind === "card" || context.selection?.kind === "cell"),
    perform: ({ selection, canvas }, key) => {
      if (selection?.kind === "card") canvas.startEdit(selection.id, { text: key });
      else if (selection?.kind === "cell") canvas.addCardAt(selection.row, selection.col, key);
    },
  },
  {
    id: "edit",
    label: "Edit the selected card's text (or add a card in an empty cell); in connect mode, pick the card",
    group: "Edit",
    keys: ["Enter"],
    scope: "grid",
    when: (context) => context.editable,
    perform: ({ selection, connecting, canvas }) => {
      if (selection?.kind === "card") {
        if (connecting) canvas.pickForConnect(selection.id);
        else canvas.startEdit(selection.id);
      } else if (selection?.kind === "cell") canvas.addCardAt(selection.row, selection.col);
    },
  },
  {
    id: "editAtEnd",
    label: "Edit, with the cursor after the text",
    group: "Edit",
    keys: ["F2"],
    scope: "grid",
    when: (context) => context.editable && !context.connecting && (context.selection?.kind === "card" || context.selection?.kind === "cell"),
    perform: ({ selection, canvas }) => {
      if (selection?.kind === "card") canvas.startEdit(selection.id, { mode: "end" });
      else if (selection?.kind === "cell") canvas.addCardAt(selection.row, selection.col);
    },
  },
  {
    id: "toggleTodo",
    label: "Check or uncheck the selected to-do",
    group: "Edit",
    keys: ["Space"],
    scope: "grid",
    when: ({ editable, connecting, selection, selected }) => editable && !connecting && selection?.kind === "card" && selected[0]?.cellType === "todo",
    perform: ({ selected, canvas }) => selected[0] && canvas.toggleTodo(selected[0].id),
  },
  {
    id: "undo",
    label: "Undo",
    group: "Edit",
    keys: ["Mod+Z"],
    scope: "page",
    when: editing,
    perform: ({ editor }) => editor?.undo(),
  },
  {
    id: "redo",
    label: "Redo",
    group: "Edit",
    keys: ["Mod+Shift+Z", "Mod+Y"],
    scope: "page",
    when: editing,
    perform: ({ editor }) => editor?.redo(),
  },
  {
    id: "toggleLock",
    menu: "lock",
    label: (context) => (allLocked(context) ? "Unlock" : "Lock"),
    description: "Lock the selected cards (they cannot be moved, resized, edited or deleted), or unlock them",
    group: "Edit",
    keys: ["Mod+Shift+L"],
    scope: "board",
    when: someSelected,
    perform: (context) => context.editor?.lockSelection(!allLocked(context)),
  },

  // Move and copy
  {
    id: "nudge",
    label: "Move the selected cards one cell",
    group: "Move and copy",
    keys: ["Alt+Arrow"],
    scope: "grid",
    when: (context) => context.editable,
    perform: ({ selected, canvas }, key) => {
      const step = key && ARROW_STEPS[key];
      if (step && selected.length) canvas.nudgeSelection(step.dRow, step.dCol);
    },
  },
  {
    id: "cut",
    menu: "edit",
    label: "Cut",
    group: "Move and copy",
    keys: ["Mod+X"],
    browserKeys: true,
    when: someSelected,
    perform: ({ ui }) => ui.clipboard?.cut(),
  },
  {
    id: "copy",
    menu: "edit",
    label: "Copy",
    description: "Copy (also to a spreadsheet)",
    group: "Move and copy",
    keys: ["Mod+C"],
    browserKeys: true,
    when: someSelected,
    perform: ({ ui }) => ui.clipboard?.copy(),
  },
  {
    id: "paste",
    menu: "edit",
    label: "Paste",
    description: "Paste (also from a spreadsheet)",
    group: "Move and copy",
    keys: ["Mod+V"],
    browserKeys: true,
    when: editing,
    perform: ({ ui }) => ui.clipboard?.paste(),
  },
  {
    id: "duplicate",
    menu: "edit",
    label: "Duplicate",
    description: "Duplicate the selected cards",
    group: "Move and copy",
    keys: ["Mod+D"],
    scope: "board",
    when: editing,
    perform: ({ editor }) => editor?.duplicateSelection(),
  },
  {
    id: "delete",
    menu: "edit",
    label: (context) => (context.selected.length > 1 ? `Delete ${countLabel(context.selected.length)}` : "Delete"),
    description: "Delete the selected cards",
    group: "Edit",
    keys: ["Delete", "Backspace"],
    scope: "grid",
    when: (context) => context.editable && !context.connecting && context.selected.length > 0,
    perform: ({ selection, canvas }) => {
      if (selection?.kind === "card") canvas.deleteCard(selection.id);
      else canvas.deleteSelection();
    },
  },
  {
    id: "openMenu",
    label: "Open the context menu (also right click, long press)",
    group: "Move and copy",
    keys: ["Shift+F10", "ContextMenu"],
    scope: "board",
    when: (context) => editing(context) && context.ui.openMenuAtFocus !== undefined,
    perform: ({ ui }) => ui.openMenuAtFocus?.(),
  },
  {
    id: "showShortcuts",
    menu: "help",
    label: "Keyboard shortcuts",
    description: "Show these shortcuts",
    group: "Move and copy",
    keys: ["?"],
    scope: "board",
    when: (context) => context.ui.showShortcuts !== undefined,
    perform: ({ ui }) => ui.showShortcuts?.(),
  },

  // Arrange
  ...(
    [
      ["alignTop", "Align to top", "Alt+Shift+ArrowUp", "top"],
      ["alignBottom", "Align to bottom", "Alt+Shift+ArrowDown", "bottom"],
      ["alignLeft", "Align to left", "Alt+Shift+ArrowLeft", "left"],
      ["alignRight", "Align to right", "Alt+Shift+ArrowRight", "right"],
    ] as const
  ).map(([id, label, key, edge]): BoardCommand => ({
    id,
    label,
    menu: "arrange",
    description: `${label}: the selected cards line up with the ${edge} edge of the selection`,
    group: "Arrange",
    keys: [key],
    scope: "board",
    when: severalSelected,
    perform: ({ editor }) => editor?.alignSelection(edge),
  })),
  {
    id: "distributeHorizontally",
    menu: "arrange",
    label: "Distribute horizontally",
    description: "Space the selected cards evenly from left to right",
    group: "Arrange",
    keys: ["Alt+Shift+H"],
    scope: "board",
    when: (context) => severalSelected(context) && context.selected.length > 2,
    perform: ({ editor }) => editor?.distributeSelection("col"),
  },
  {
    id: "distributeVertically",
    menu: "arrange",
    label: "Distribute vertically",
    description: "Space the selected cards evenly from top to bottom",
    group: "Arrange",
    keys: ["Alt+Shift+V"],
    scope: "board",
    when: (context) => severalSelected(context) && context.selected.length > 2,
    perform: ({ editor }) => editor?.distributeSelection("row"),
  },

  // The rows and columns around the selection (the menu's)
  ...(
    [
      ["insertRowAbove", "Insert row above", "row", false],
      ["insertRowBelow", "Insert row below", "row", true],
      ["insertColumnLeft", "Insert column left", "col", false],
      ["insertColumnRight", "Insert column right", "col", true],
    ] as const
  ).map(([id, label, axis, after]): BoardCommand => ({
    id,
    label,
    menu: "tracks",
    group: "Arrange",
    when: (context) => editing(context) && context.area !== null,
    perform: ({ editor, area }) => {
      if (!area) return;
      const index = axis === "row" ? area.row + (after ? area.rowSpan : 0) : area.col + (after ? area.colSpan : 0);
      editor?.insertTrack(axis, index);
    },
  })),
  {
    id: "deleteRow",
    menu: "tracks",
    label: ({ area }) => `Delete row ${(area?.row ?? 0) + 1}`,
    group: "Arrange",
    when: (context) => editing(context) && context.area !== null,
    perform: ({ editor, area }) => area && editor?.removeTrack("row", area.row),
  },
  {
    id: "deleteColumn",
    menu: "tracks",
    label: ({ area }) => `Delete column ${(area?.col ?? 0) + 1}`,
    group: "Arrange",
    when: (context) => editing(context) && context.area !== null,
    perform: ({ editor, area }) => area && editor?.removeTrack("col", area.col),
  },

  // View and find
  {
    id: "zoomIn",
    label: "Zoom in",
    group: "View and find",
    keys: ["Mod+Plus", "Mod+Equal"],
    scope: "anywhere",
    when: (context) => context.ui.zoom !== undefined,
    perform: ({ ui }) => ui.zoom?.zoomIn(),
  },
  {
    id: "zoomOut",
    label: "Zoom out",
    group: "View and find",
    keys: ["Mod+Minus", "Mod+Underscore"],
    scope: "anywhere",
    when: (context) => context.ui.zoom !== undefined,
    perform: ({ ui }) => ui.zoom?.zoomOut(),
  },
  {
    id: "zoomReset",
    label: "Zoom back to 100 %",
    group: "View and find",
    keys: ["Mod+0"],
    scope: "anywhere",
    when: (context) => context.ui.zoom !== undefined,
    perform: ({ ui }) => ui.zoom?.reset(),
  },
  {
    id: "zoomFit",
    label: "Fit the whole board on screen (down to 5 % for a big board)",
    group: "View and find",
    keys: ["Shift+Digit1"],
    scope: "page",
    when: (context) => context.ui.zoom !== undefined,
    perform: ({ ui }) => ui.zoom?.fit(),
  },
  {
    id: "find",
    label: "Find cards by their text and notes (again, in the find bar: the browser's find)",
    group: "View and find",
    keys: ["Mod+F"],
    scope: "anywhere",
    // A second Ctrl/Cmd+F in the bar's field is the browser's own find, so that one is never out of reach.
    when: (context) => context.ui.openFind !== undefined && !document.activeElement?.closest('[role="search"][aria-label="Find on the board"]'),
    perform: ({ ui }) => ui.openFind?.(),
  },
];

const ARROW_STEPS: Record<string, { dRow: number; dCol: number }> = {
  ArrowUp: { dRow: -1, dCol: 0 },
  ArrowDown: { dRow: 1, dCol: 0 },
  ArrowLeft: { dRow: 0, dCol: -1 },
  ArrowRight: { dRow: 0, dCol: 1 },
};

export type BoardCommandId = (typeof BOARD_COMMANDS)[number]["id"];

const BY_ID = new Map(BOARD_COMMANDS.map((command) => [command.id, command]));

export function boardCommand(id: string): BoardCommand {
  const command = BY_ID.get(id);
  if (!command) throw new Error(`No board command "${id}"`);
  return command;
}

/** A command's first key as people read it ("Ctrl+Shift+L"), for a title or a hint; null when it has none. */
export function shortcutOf(id: string): string | null {
  const keys = boardCommand(id).keys?.[0];
  return keys ? chordLabel(keys) : null;
}

/**
 * Ways in that are not a key of the board: pointer gestures, and keys a focused field handles
 * itself (the inline editor, the find bar). The `?` list shows them with the commands.
 */
export const GESTURES: readonly { group: BoardCommand["group"]; keys: string; label: string }[] = [
  { group: "Select", keys: "Click", label: "Select a card or an empty cell" },
  { group: "Select", keys: "Shift+click", label: "Select every card up to the one clicked" },
  { group: "Select", keys: "Ctrl+click", label: "Add a card to the selection, or take it out" },
  { group: "Select", keys: "Drag on empty cells", label: "Draw a selection rectangle (blank cards count as empty cells)" },
  { group: "Select", keys: "Click on the canvas", label: "Clear the selection" },
  { group: "Edit", keys: "Double click", label: "Edit the card's text" },
  {
    group: "Edit",
    keys: "Enter (after typing on a card)",
    label: "Save and go down (after Tabs, from the column they began in); Shift+Enter up; Alt+Enter: a new line",
  },
  { group: "Edit", keys: "Tab, Shift+Tab (while editing)", label: "Save and go right, or left" },
  { group: "Edit", keys: "Escape (while editing)", label: "Cancel the edit" },
  { group: "Move and copy", keys: "Drag", label: "Move the selected cards together" },
  { group: "View and find", keys: "Ctrl+wheel, pinch", label: "Zoom around the pointer (25 % to 200 %; Fit goes lower for a big board)" },
  { group: "View and find", keys: "Enter, Shift+Enter (in find)", label: "Next match, previous match" },
];
