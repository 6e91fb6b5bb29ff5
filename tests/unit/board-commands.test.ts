import { describe, expect, it } from "vitest";
import { BOARD_COMMANDS, boardCommand } from "@/components/board/commands/board-commands";
import type { CommandContext } from "@/components/board/commands/command-types";
import { commandForKey } from "@/components/board/commands/dispatch-key";
import { ariaChord, chordIdentity, chordLabel, type KeyInput } from "@/components/board/commands/key-chord";
import { shortcutRows } from "@/components/board/multi/shortcuts-dialog";
import type { CanvasActions } from "@/components/board/canvas/canvas-actions";
import type { BoardActions } from "@/components/board/state/use-board-actions";
import { blankCard } from "@/components/board/grid/grid-plans";

const ARROWS = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"];

/** Every chord a command's keys stand for, a class of keys ("Arrow") as its members. */
function boundChords(): { chord: string; id: string }[] {
  return BOARD_COMMANDS.flatMap((command) =>
    (command.keys ?? [])
      .flatMap((keys) => (keys.endsWith("Arrow") ? ARROWS.map((arrow) => keys.replace(/Arrow$/, arrow)) : [keys]))
      .map((chord) => ({ chord: chordIdentity(chord), id: command.id })),
  );
}

const key = (key: string, modifiers: Partial<KeyInput> = {}): KeyInput => ({
  key,
  code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
});

function context(overrides: Partial<CommandContext> = {}): CommandContext {
  return {
    focus: "grid",
    editable: true,
    connecting: false,
    selection: { kind: "card", id: "a" },
    selected: [blankCard("a", 0, 0)],
    canvas: {} as CanvasActions,
    editor: {} as BoardActions,
    grid: null,
    ui: {},
    area: null,
    ...overrides,
  };
}

describe("the command table", () => {
  it("binds no key twice", () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { chord, id } of boundChords()) {
      if (seen.has(chord) && seen.get(chord) !== id) twice.push(`${chord}: ${seen.get(chord)} and ${id}`);
      seen.set(chord, id);
    }
    expect(twice).toEqual([]);
    // The check sees a class of keys as its members: Alt+arrows (nudge) and Alt+Shift+↑ (align) are four and one keys apart.
    expect(boundChords().filter(({ id }) => id === "nudge")).toHaveLength(4);
  });

  it("gives every command an id of its own and a label, and lists every command with keys in the ? list with its keys", () => {
    expect(new Set(BOARD_COMMANDS.map((command) => command.id)).size).toBe(BOARD_COMMANDS.length);
    const listed = shortcutRows().flatMap(({ rows }) => rows);
    for (const command of BOARD_COMMANDS) {
      const label = typeof command.label === "string" ? command.label : command.label(context());
      expect(label.trim(), command.id).not.toBe("");
      if (!command.keys?.length) continue;
      const row = listed.find((candidate) => candidate.keys.startsWith(chordLabel(command.keys![0]!)));
      expect(row, `${command.id} in the ? list`).toBeDefined();
      expect(row!.what).toBe(command.description ?? command.label);
    }
  });

  it("fills every section of the context menu, in the menu's order", () => {
    const section = (name: string) => BOARD_COMMANDS.filter((command) => command.menu === name).map((command) => command.id);
    expect(section("edit")).toEqual(["cut", "copy", "paste", "duplicate", "delete"]);
    expect(section("lock")).toEqual(["toggleLock"]);
    expect(section("arrange")).toEqual(["alignTop", "alignBottom", "alignLeft", "alignRight", "distributeHorizontally", "distributeVertically"]);
    expect(section("tracks")).toEqual(["insertRowAbove", "insertRowBelow", "insertColumnLeft", "insertColumnRight", "deleteRow", "deleteColumn"]);
    expect(section("help")).toEqual(["showShortcuts"]);
  });

  it("shows keys as people read them and as aria-keyshortcuts names them", () => {
    expect(chordLabel("Mod+Shift+L")).toBe("Ctrl+Shift+L");
    expect(chordLabel("Alt+Shift+ArrowUp")).toBe("Alt+Shift+↑");
    expect(chordLabel("Alt+Arrow")).toBe("Alt+arrows");
    expect(chordLabel("Shift+Digit1")).toBe("Shift+1");
    expect(chordLabel("?")).toBe("?");
    expect(ariaChord("Mod+Shift+L")).toBe("Control+Shift+L");
    expect(ariaChord("Mod+X")).toBe("Control+X");
    expect(ariaChord("Arrow")).toBeNull();
    const menu = shortcutRows()
      .find(({ group }) => group === "Arrange")!
      .rows.map((row) => row.keys);
    expect(menu).toEqual(["Alt+Shift+↑", "Alt+Shift+↓", "Alt+Shift+←", "Alt+Shift+→", "Alt+Shift+H", "Alt+Shift+V"]);
  });
});

describe("the keyboard dispatcher", () => {
  it("runs the command whose key, scope and condition match", () => {
    expect(commandForKey(key("z", { ctrlKey: true }), context({ focus: "page" }))?.id).toBe("undo");
    expect(commandForKey(key("Z", { ctrlKey: true, shiftKey: true }), context())?.id).toBe("redo");
    expect(commandForKey(key("y", { metaKey: true }), context())?.id).toBe("redo");
    expect(commandForKey(key("L", { ctrlKey: true, shiftKey: true }), context())?.id).toBe("toggleLock");
    expect(commandForKey(key("ArrowUp", { altKey: true, shiftKey: true }), context({ selected: [blankCard("a", 0, 0), blankCard("b", 1, 1)] }))?.id).toBe(
      "alignTop",
    );
    // Option+Shift+H on a Mac types "Ó": the physical key decides.
    const three = [blankCard("a", 0, 0), blankCard("b", 1, 1), blankCard("c", 2, 2)];
    expect(commandForKey({ ...key("Ó", { altKey: true, shiftKey: true }), code: "KeyH" }, context({ selected: three }))?.id).toBe("distributeHorizontally");
  });

  it("leaves a key to the browser or the field when the command does not apply there", () => {
    // Undo in a text field is the field's; on a read-only board there is nothing to undo.
    expect(commandForKey(key("z", { ctrlKey: true }), context({ focus: "text" }))).toBeNull();
    expect(commandForKey(key("z", { ctrlKey: true }), context({ editable: false, editor: null }))).toBeNull();
    // Align wants two cards; Delete wants a selected card and focus on the grid.
    expect(commandForKey(key("ArrowUp", { altKey: true, shiftKey: true }), context())).toBeNull();
    expect(commandForKey(key("Delete"), context({ focus: "page" }))).toBeNull();
    // The clipboard's keys make the browser's copy, cut and paste events.
    expect(commandForKey(key("c", { ctrlKey: true }), context())).toBeNull();
  });

  it("types a character only when no named key takes it: ? lists the shortcuts, Shift+1 fits the board", () => {
    const ui = { showShortcuts: () => {}, zoom: { zoomIn: () => {}, zoomOut: () => {}, reset: () => {}, fit: () => {} } };
    expect(commandForKey(key("?", { shiftKey: true }), context({ ui }))?.id).toBe("showShortcuts");
    expect(commandForKey({ ...key("!", { shiftKey: true }), code: "Digit1" }, context({ ui }))?.id).toBe("zoomFit");
    expect(commandForKey(key("x"), context({ ui }))?.id).toBe("typeToEdit");
    expect(commandForKey(key(" "), context({ ui }))).toBeNull();
  });

  it("labels Lock and Unlock from the selection", () => {
    const lock = boardCommand("toggleLock");
    const label = typeof lock.label === "function" ? lock.label : () => lock.label as string;
    expect(label(context())).toBe("Lock");
    expect(label(context({ selected: [{ ...blankCard("a", 0, 0), locked: true }] }))).toBe("Unlock");
  });
});
