"use client";

import { useRef, useState, type MouseEvent, type PointerEvent as ReactPointerEvent, type RefObject } from "react";
import type { BoardCard } from "../state/board-types";
import type { CanvasActions } from "./canvas-actions";
import { cellAt, type GridLayout, type Rect } from "../grid/grid-geometry";
import { dropCard, liftCard } from "./lifted-card";
import { trackPointer } from "../grid/track-pointer";
import { boardScroller } from "../grid/use-grid-window";

/** Pixels the pointer travels before a press on a card becomes a drag. */
const DRAG_THRESHOLD = 5;
/** Targets inside a card that keep their own pointer behaviour (no select-and-drag). */
const INTERACTIVE = "input, textarea, select, button, a, iframe, [data-no-drag]";

/** Where a card would land (move) or what it would cover (resize), drawn while the pointer is down. */
export type DragPreview = { kind: "move" | "resize"; rect: Rect } | null;

interface CanvasPointerInput {
  gridRef: RefObject<HTMLDivElement | null>;
  layout: GridLayout;
  byId: ReadonlyMap<string, BoardCard>;
  editable: boolean;
  editingId: string | null;
  connecting: boolean;
  actions: CanvasActions;
}

/**
 * The grid's pointer input, handled once for all cards: a press selects (or picks a card to
 * connect), a drag moves the card, a drag on its corner resizes it, a double click edits.
 */
export function useCanvasPointer({ gridRef, layout, byId, editable, editingId, connecting, actions }: CanvasPointerInput) {
  const [preview, setPreview] = useState<DragPreview>(null);
  const suppressClick = useRef(false);

  function pointInGrid(event: PointerEvent | ReactPointerEvent) {
    const box = gridRef.current!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  function startResize(card: BoardCard) {
    let span = { rowSpan: card.rowSpan, colSpan: card.colSpan };
    trackPointer(
      gridRef.current,
      (event) => {
        const { x, y } = pointInGrid(event);
        const cell = cellAt(layout, x, y);
        span = { rowSpan: Math.max(1, cell.row - card.row + 1), colSpan: Math.max(1, cell.col - card.col + 1) };
        setPreview({ kind: "resize", rect: { row: card.row, col: card.col, ...span } });
      },
      (_event, cancelled) => {
        setPreview(null);
        if (!cancelled && (span.rowSpan !== card.rowSpan || span.colSpan !== card.colSpan)) actions.resizeCard(card.id, span);
      },
    );
  }

  function startMove(card: BoardCard, element: HTMLElement, down: ReactPointerEvent) {
    const origin = { x: down.clientX, y: down.clientY };
    // The card moves with the board when it auto-scrolls: its offset from where it was grabbed counts the scroll.
    const scroller = boardScroller(gridRef.current);
    const scrollOrigin = { left: scroller?.scrollLeft ?? 0, top: scroller?.scrollTop ?? 0 };
    const grabbed = cellAt(layout, pointInGrid(down).x, pointInGrid(down).y);
    const grab = { row: Math.min(Math.max(grabbed.row - card.row, 0), card.rowSpan - 1), col: Math.min(Math.max(grabbed.col - card.col, 0), card.colSpan - 1) };
    let dragging = false;
    let shown = false;
    let target = { row: card.row, col: card.col };
    trackPointer(
      gridRef.current,
      (event) => {
        if (!dragging && Math.hypot(event.clientX - origin.x, event.clientY - origin.y) < DRAG_THRESHOLD) return;
        const dx = event.clientX - origin.x + (scroller ? scroller.scrollLeft - scrollOrigin.left : 0);
        const dy = event.clientY - origin.y + (scroller ? scroller.scrollTop - scrollOrigin.top : 0);
        dragging = true;
        liftCard(element, dx, dy);
        const { x, y } = pointInGrid(event);
        const cell = cellAt(layout, x, y);
        const row = Math.min(Math.max(cell.row - grab.row, 0), Math.max(0, layout.rows - card.rowSpan));
        const col = Math.min(Math.max(cell.col - grab.col, 0), Math.max(0, layout.cols - card.colSpan));
        if (!shown || row !== target.row || col !== target.col) {
          shown = true;
          target = { row, col };
          setPreview({ kind: "move", rect: { row, col, rowSpan: card.rowSpan, colSpan: card.colSpan } });
        }
      },
      (_event, cancelled) => {
        dropCard(element);
        setPreview(null);
        if (!dragging) return;
        suppressClick.current = true;
        if (!cancelled && (target.row !== card.row || target.col !== card.col)) actions.moveCard(card.id, target);
      },
    );
  }

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    const target = event.target as HTMLElement;
    const cardElement = target.closest<HTMLElement>("[data-card-id]");
    const card = cardElement?.dataset.cardId ? byId.get(cardElement.dataset.cardId) : undefined;
    if (!card || !cardElement) return;
    if (editable && target.closest("[data-resize-handle]")) {
      event.preventDefault();
      startResize(card);
      return;
    }
    if (target.closest(INTERACTIVE)) return;
    if (connecting) {
      event.preventDefault();
      actions.pickForConnect(card.id);
      return;
    }
    actions.select({ kind: "card", id: card.id });
    if (editable && editingId !== card.id) startMove(card, cardElement, event);
  }

  function onClickCapture(event: MouseEvent) {
    // The click that ends a drag is not a click on whatever lies under the pointer.
    if (suppressClick.current) {
      suppressClick.current = false;
      event.stopPropagation();
      event.preventDefault();
    }
  }

  function onDoubleClick(event: MouseEvent) {
    if (!editable || connecting) return;
    const target = event.target as HTMLElement;
    if (target.closest(INTERACTIVE)) return;
    const id = target.closest<HTMLElement>("[data-card-id]")?.dataset.cardId;
    if (id) actions.startEdit(id);
  }

  return { preview, handlers: { onPointerDown, onClickCapture, onDoubleClick } };
}
