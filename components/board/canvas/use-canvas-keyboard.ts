"use client";

import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from "react";
import type { BoardCard } from "../state/board-types";
import type { CanvasActions } from "./canvas-actions";
import { rectBox, type GridLayout, type Occupancy, type Rect } from "../grid/grid-geometry";
import type { Region } from "../grid/grid-window";
import { cellKey, type Selection } from "../state/selection";
import { selectedCardIds } from "../state/selection-model";
import { handleSelectionKey } from "./selection-keys";

interface CanvasKeyboardInput {
  gridRef: RefObject<HTMLDivElement | null>;
  cards: readonly BoardCard[];
  layout: GridLayout;
  cells: Occupancy;
  byId: ReadonlyMap<string, BoardCard>;
  selection: Selection | null;
  editable: boolean;
  connecting: boolean;
  /** Scrolls the board so that a box of the grid is in view (with a margin). */
  reveal: (box: Region) => void;
  actions: CanvasActions;
}

function rectOf(selection: Selection | null, byId: ReadonlyMap<string, BoardCard>): Rect | null {
  if (selection?.kind === "card") return byId.get(selection.id) ?? null;
  if (selection?.kind === "cell") return { row: selection.row, col: selection.col, rowSpan: 1, colSpan: 1 };
  // Several cards: an arrow goes on from where the selection was last extended to.
  if (selection?.kind === "cards") return { row: selection.head.row, col: selection.head.col, rowSpan: 1, colSpan: 1 };
  return null;
}

/**
 * The grid's keyboard: arrows move the selection to the next card (or, for editors, empty cell)
 * and focus it, Enter/F2 edits or adds, Delete removes, Escape clears. Focus follows the selection,
 * and a card reached with Tab becomes the selection.
 */
export function useCanvasKeyboard({ gridRef, cards, layout, cells, byId, selection, editable, connecting, reveal, actions }: CanvasKeyboardInput) {
  /** A selection moved to by key, focused once it is rendered (it may be outside the window until then). */
  const pendingFocus = useRef<Selection | null>(null);

  function focusSelection(next: Selection): boolean {
    const grid = gridRef.current;
    if (!grid) return false;
    const selector =
      next.kind === "card" ? `[data-card-id="${CSS.escape(next.id)}"]` : next.kind === "cell" ? `[data-cell="${cellKey(next.row, next.col)}"]` : null;
    const element = selector ? grid.querySelector<HTMLElement>(selector) : null;
    // The board scrolls it into view itself (reveal), with a margin; the browser's own scroll would not.
    element?.focus({ preventScroll: true });
    return Boolean(element);
  }

  useLayoutEffect(() => {
    if (pendingFocus.current && focusSelection(pendingFocus.current)) pendingFocus.current = null;
  });

  /** The next card or (for editors) empty cell from the selection in an arrow's direction. */
  function neighbor(from: Rect, key: string): Selection | null {
    const step = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] }[key];
    if (!step) return null;
    const [dRow, dCol] = step as [number, number];
    let row = dRow > 0 ? from.row + from.rowSpan : dRow < 0 ? from.row - 1 : from.row;
    let col = dCol > 0 ? from.col + from.colSpan : dCol < 0 ? from.col - 1 : from.col;
    while (row >= 0 && col >= 0 && row < layout.rows && col < layout.cols) {
      const card = cells[row]?.[col];
      if (card) return { kind: "card", id: card.id };
      if (editable) return { kind: "cell", row, col };
      row += dRow;
      col += dCol;
    }
    return null;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (!target.matches('[role="gridcell"], [data-cell]')) return;
    const revealCell = (cell: { row: number; col: number }) => reveal(rectBox(layout, { ...cell, rowSpan: 1, colSpan: 1 }));
    if (!connecting && handleSelectionKey(event, { selection, cards, byId, grid: layout, editable, actions, revealCell })) return;
    const rect = rectOf(selection, byId);
    if (event.key.startsWith("Arrow")) {
      event.preventDefault();
      const next = rect ? neighbor(rect, event.key) : null;
      if (next) {
        actions.select(next);
        const rect = rectOf(next, byId);
        if (rect) reveal(rectBox(layout, rect));
        if (!focusSelection(next)) pendingFocus.current = next;
      }
      return;
    }
    if (!editable) return;
    if (event.key === "Enter" || event.key === "F2") {
      event.preventDefault();
      if (selection?.kind === "card") {
        if (connecting) actions.pickForConnect(selection.id);
        else actions.startEdit(selection.id);
      } else if (selection?.kind === "cell") {
        actions.addCardAt(selection.row, selection.col);
      }
    } else if ((event.key === "Delete" || event.key === "Backspace") && selection?.kind === "card") {
      event.preventDefault();
      actions.deleteCard(selection.id);
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (connecting) actions.cancelConnect();
      else actions.select(null);
    }
  }

  function onFocus(event: FocusEvent<HTMLDivElement>) {
    // A card reached with Tab (or focused by a screen reader) is the selection, as an arrow key's target is.
    const target = event.target as HTMLElement;
    const id = target.matches('[role="gridcell"][data-card-id]') ? target.dataset.cardId : undefined;
    // A card of a selection of several (clicked to drag them, or Shift/Ctrl+clicked) keeps the selection.
    if (id && !selectedCardIds(selection).includes(id)) actions.select({ kind: "card", id });
  }

  return { onKeyDown, onFocus };
}
