"use client";

import { useLayoutEffect, useRef, type FocusEvent, type RefObject } from "react";
import type { BoardCard } from "../state/board-types";
import type { CanvasActions } from "./canvas-actions";
import { rectBox, type GridLayout, type Occupancy, type Rect } from "../grid/grid-geometry";
import type { Region } from "../grid/grid-window";
import { cellKey, type Selection } from "../state/selection";
import { extendByStep, selectAll, selectedCardIds } from "../state/selection-model";
import type { CommandHost } from "../commands/command-host";
import { useCommandKeys } from "../commands/use-command-keys";

interface CanvasKeyboardInput {
  host: CommandHost;
  gridRef: RefObject<HTMLDivElement | null>;
  /** The cards with something in them (looks-empty.ts): what Shift+arrows and Ctrl+A select. */
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

const STEPS: Record<string, { dRow: number; dCol: number }> = {
  ArrowUp: { dRow: -1, dCol: 0 },
  ArrowDown: { dRow: 1, dCol: 0 },
  ArrowLeft: { dRow: 0, dCol: -1 },
  ArrowRight: { dRow: 0, dCol: 1 },
};

function rectOf(selection: Selection | null, byId: ReadonlyMap<string, BoardCard>): Rect | null {
  if (selection?.kind === "card") return byId.get(selection.id) ?? null;
  if (selection?.kind === "cell") return { row: selection.row, col: selection.col, rowSpan: 1, colSpan: 1 };
  // Several cards: an arrow goes on from where the selection was last extended to.
  if (selection?.kind === "cards") return { row: selection.head.row, col: selection.head.col, rowSpan: 1, colSpan: 1 };
  return null;
}

/**
 * The grid's part of the keyboard: what arrows do here (the next card or, for editors, empty cell,
 * focused and in view; Shift+arrows grow the selection) and Ctrl+A, registered with the board's
 * command host, whose one dispatcher (useCommandKeys) reads the keys from the command table. Focus
 * follows the selection, and a card reached with Tab becomes the selection.
 */
export function useCanvasKeyboard({ host, gridRef, cards, layout, cells, byId, selection, editable, connecting, reveal, actions }: CanvasKeyboardInput) {
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
    const step = STEPS[key];
    if (!step) return null;
    const { dRow, dCol } = step;
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

  // Read when a key is pressed: registered after each render, no render of its own.
  useLayoutEffect(() => {
    host.attachCanvas(
      { selection, editable, connecting, byId, actions },
      {
        element: gridRef.current,
        go: (key) => {
          const rect = rectOf(selection, byId);
          const next = rect ? neighbor(rect, key) : null;
          if (!next) return;
          actions.select(next);
          const nextRect = rectOf(next, byId);
          if (nextRect) reveal(rectBox(layout, nextRect));
          if (!focusSelection(next)) pendingFocus.current = next;
        },
        extend: (key) => {
          const step = STEPS[key];
          const range = step && extendByStep(selection, cards, byId, step, layout);
          if (!range) return;
          // No card with content in the range: the card that looks empty where it began.
          const blank = range.kind === "cell" ? cells[range.row]?.[range.col] : undefined;
          const next: Selection = blank ? { kind: "card", id: blank.id } : range;
          actions.select(next);
          if (next.kind === "cards") reveal(rectBox(layout, { ...next.head, rowSpan: 1, colSpan: 1 }));
        },
        selectAll: () => actions.select(selectAll(cards, layout)),
      },
    );
  });
  useCommandKeys(host);

  function onFocus(event: FocusEvent<HTMLDivElement>) {
    // A card reached with Tab (or focused by a screen reader) is the selection, as an arrow key's target is.
    const target = event.target as HTMLElement;
    const id = target.matches('[role="gridcell"][data-card-id]') ? target.dataset.cardId : undefined;
    // A card of a selection of several (clicked to drag them, or Shift/Ctrl+clicked) keeps the selection.
    if (id && !selectedCardIds(selection).includes(id)) actions.select({ kind: "card", id });
  }

  return { onFocus };
}
