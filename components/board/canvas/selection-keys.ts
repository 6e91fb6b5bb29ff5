import type { KeyboardEvent } from "react";
import type { BoardCard } from "../state/board-types";
import type { Selection } from "../state/selection";
import { extendByStep, selectAll, selectedCardIds } from "../state/selection-model";
import type { CanvasActions } from "./canvas-actions";

const STEPS: Record<string, { dRow: number; dCol: number }> = {
  ArrowUp: { dRow: -1, dCol: 0 },
  ArrowDown: { dRow: 1, dCol: 0 },
  ArrowLeft: { dRow: 0, dCol: -1 },
  ArrowRight: { dRow: 0, dCol: 1 },
};

interface SelectionKeyInput {
  selection: Selection | null;
  cards: readonly BoardCard[];
  byId: ReadonlyMap<string, BoardCard>;
  grid: { rows: number; cols: number };
  editable: boolean;
  actions: CanvasActions;
  /** Scrolls a cell of the grid into view. */
  revealCell: (cell: { row: number; col: number }) => void;
}

/** A key that types a character: it starts editing the selected card (or a new one in an empty cell). */
function typedCharacter(event: KeyboardEvent): string | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.nativeEvent.isComposing) return null;
  // Space keeps its own use (a card's checkbox); "?" lists the shortcuts.
  if (event.key.length !== 1 && !/^\p{L}$/u.test(event.key)) return null;
  if (event.key === " " || event.key === "?") return null;
  return event.key;
}

/**
 * The grid's keys for several cards and spreadsheet habits: Shift+arrows extend the selection,
 * Alt+arrows nudge it, Ctrl/Cmd+A selects every card, Delete removes the selection, F2 edits with
 * the caret after the text, and a typed character starts editing with it. True when the key was
 * handled here; the grid's own keys (useCanvasKeyboard) take the rest.
 */
export function handleSelectionKey(event: KeyboardEvent, input: SelectionKeyInput): boolean {
  const { selection, cards, byId, grid, editable, actions, revealCell } = input;
  const mod = event.ctrlKey || event.metaKey;
  const step = STEPS[event.key];
  if (step && event.shiftKey && !mod && !event.altKey) {
    event.preventDefault();
    const next = extendByStep(selection, cards, byId, step, grid);
    if (next) {
      actions.select(next);
      if (next.kind === "cards") revealCell(next.head);
    }
    return true;
  }
  if (step && event.altKey && !mod && !event.shiftKey) {
    event.preventDefault();
    if (editable && selectedCardIds(selection).length) actions.nudgeSelection(step.dRow, step.dCol);
    return true;
  }
  if (mod && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "a") {
    event.preventDefault();
    actions.select(selectAll(cards, grid));
    return true;
  }
  if (!editable) return false;
  if ((event.key === "Delete" || event.key === "Backspace") && selection?.kind === "cards") {
    event.preventDefault();
    actions.deleteSelection();
    return true;
  }
  if (event.key === "F2" && selection?.kind === "card") {
    event.preventDefault();
    actions.startEdit(selection.id, { mode: "end" });
    return true;
  }
  const typed = typedCharacter(event);
  if (typed !== null && (selection?.kind === "card" || selection?.kind === "cell")) {
    event.preventDefault();
    if (selection.kind === "card") actions.startEdit(selection.id, { text: typed });
    else actions.addCardAt(selection.row, selection.col, typed);
    return true;
  }
  return false;
}
