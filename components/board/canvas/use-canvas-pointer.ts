"use client";

import { useRef, useState, type MouseEvent, type PointerEvent as ReactPointerEvent, type RefObject } from "react";
import type { BoardCard } from "../state/board-types";
import type { CanvasActions } from "./canvas-actions";
import { cellAt, type GridLayout, type Occupancy, type Rect } from "../grid/grid-geometry";
import { dropCard, liftCard } from "./lifted-card";
import { DRAG_THRESHOLD, startGroupMove, startMarquee, type GroupPreview } from "./group-pointer";
import { reshapedRect, type ResizeEdge } from "./resize-handles";
import type { Selection } from "../state/selection";
import { anchorAndHead, extendTo, rangeSelection, selectedCardIds, toggleCard } from "../state/selection-model";
import { trackPointer } from "../grid/track-pointer";
import { clampDelta } from "../grid/placement";
import { boardScroller } from "../grid/use-grid-window";
import { gridPoint, gridScale } from "../grid/grid-point";

/** Targets inside a card that keep their own pointer behaviour (no select-and-drag). */
const INTERACTIVE = "input, textarea, select, button, a, iframe, [data-no-drag]";
/** How long a finger rests on the board before the press opens the context menu. */
const LONG_PRESS_MS = 500;

/** Whether the card is one of several selected (a press on it drags them all). */
function inGroup(selection: Selection | null, id: string): boolean {
  const selected = selectedCardIds(selection);
  return selected.length > 1 && selected.includes(id);
}

/**
 * Where a card would land (move) or what it would cover (resize), where a dragged selection lands,
 * or the selection rectangle being drawn: shown while the pointer is down.
 */
export type DragPreview = { kind: "move"; id: string; rect: Rect } | { kind: "resize"; id: string; rect: Rect; reshape: boolean } | GroupPreview | null;

interface CanvasPointerInput {
  gridRef: RefObject<HTMLDivElement | null>;
  layout: GridLayout;
  /** The cards with something in them (looks-empty.ts): what a selection rectangle selects. */
  contentCards: readonly BoardCard[];
  /** Whether a card looks like an empty cell: a press on it starts a selection rectangle, as on one. */
  looksEmpty: (card: BoardCard) => boolean;
  cells: Occupancy;
  selection: Selection | null;
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
export function useCanvasPointer({
  gridRef,
  layout,
  contentCards,
  looksEmpty,
  cells,
  selection,
  byId,
  editable,
  editingId,
  connecting,
  actions,
}: CanvasPointerInput) {
  const [preview, setPreview] = useState<DragPreview>(null);
  const suppressClick = useRef(false);
  const longPress = useRef<ReturnType<typeof setTimeout> | null>(null);

  function pointInGrid(event: { clientX: number; clientY: number }) {
    return gridPoint(gridRef.current!, event.clientX, event.clientY);
  }

  /** A range's selection: with no card with content in it, the card or cell where it began. */
  function selectRange(next: Selection | null) {
    const blank = next?.kind === "cell" ? cells[next.row]?.[next.col] : undefined;
    actions.select(blank ? { kind: "card", id: blank.id } : next);
  }

  function startResize(card: BoardCard, edge: ResizeEdge) {
    let rect: Rect = card;
    trackPointer(
      gridRef.current,
      (event) => {
        const { x, y } = pointInGrid(event);
        rect = reshapedRect(card, edge, cellAt(layout, x, y));
        // As the drop below: the corner's resize keeps its own rules, a moved top or left side reshapes.
        setPreview({ kind: "resize", id: card.id, rect, reshape: rect.row !== card.row || rect.col !== card.col });
      },
      (_event, cancelled) => {
        setPreview(null);
        if (cancelled || (rect.row === card.row && rect.col === card.col && rect.rowSpan === card.rowSpan && rect.colSpan === card.colSpan)) return;
        // The corner's resize keeps its own rules (inside the drawn grid); a moved top or left side reshapes.
        if (rect.row === card.row && rect.col === card.col) actions.resizeCard(card.id, { rowSpan: rect.rowSpan, colSpan: rect.colSpan });
        else actions.reshapeCard(card.id, rect);
      },
    );
  }

  /** A finger resting on the board opens the context menu there (a long press); moving or lifting it first does not. */
  function watchLongPress(down: ReactPointerEvent, onPress: () => void) {
    if (down.pointerType !== "touch") return;
    const origin = { x: down.clientX, y: down.clientY };
    const stop = () => {
      if (longPress.current) clearTimeout(longPress.current);
      longPress.current = null;
      window.removeEventListener("pointermove", moved);
      window.removeEventListener("pointerup", stop);
      window.removeEventListener("pointercancel", stop);
    };
    const moved = (event: PointerEvent) => {
      if (Math.hypot(event.clientX - origin.x, event.clientY - origin.y) >= DRAG_THRESHOLD) stop();
    };
    stop();
    longPress.current = setTimeout(() => {
      stop();
      onPress();
      actions.openMenu(origin);
    }, LONG_PRESS_MS);
    window.addEventListener("pointermove", moved);
    window.addEventListener("pointerup", stop);
    window.addEventListener("pointercancel", stop);
  }

  /**
   * A press on the canvas that is not on a card, or on a card that looks empty: a click selects the
   * cell or that card (or clears), a drag draws a selection rectangle.
   */
  function startOnCanvas(event: ReactPointerEvent, blank?: { card: BoardCard; element: HTMLElement }) {
    const grid = gridRef.current;
    if (!grid) return;
    const { x, y } = pointInGrid(event);
    const inGrid = x >= 0 && y >= 0 && x <= layout.width && y <= layout.height;
    const cell = cellAt(layout, x, y);
    const emptyCell = (event.target as HTMLElement).closest("[data-empty-cell]") !== null;
    const anchor = event.shiftKey ? (anchorAndHead(selection, byId)?.anchor ?? null) : null;
    if (event.shiftKey && anchor) {
      event.preventDefault();
      selectRange(rangeSelection(contentCards, anchor, cell));
      return;
    }
    watchLongPress(event, () => actions.select(blank ? { kind: "card", id: blank.card.id } : { kind: "cell", ...cell }));
    startMarquee({
      grid,
      layout,
      down: event.nativeEvent,
      point: pointInGrid,
      setPreview,
      cards: contentCards,
      anchor,
      select: selectRange,
      onDragged: () => (suppressClick.current = true),
      // A click on an empty cell selects it (a paste lands there); on the canvas around the cards it clears.
      onClick: () => {
        if (blank) {
          actions.select({ kind: "card", id: blank.card.id });
          blank.element.focus({ preventScroll: true });
        } else if (editable && inGrid && emptyCell) {
          actions.select({ kind: "cell", ...cell });
          // Focused, so that typing, Ctrl+V and the arrows start from it.
          grid.querySelector<HTMLElement>(`[data-cell="${cell.row}:${cell.col}"]`)?.focus({ preventScroll: true });
        } else if (!emptyCell) actions.select(null);
      },
    });
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
        // In the grid's own pixels: the lifted card is drawn inside the zoomed board.
        const scale = gridScale(gridRef.current!);
        const dx = (event.clientX - origin.x + (scroller ? scroller.scrollLeft - scrollOrigin.left : 0)) / scale;
        const dy = (event.clientY - origin.y + (scroller ? scroller.scrollTop - scrollOrigin.top : 0)) / scale;
        dragging = true;
        const { x, y } = pointInGrid(event);
        if (card.locked) {
          // It stays put; the drop asks for the move all the same, and is refused with the reason.
          const cell = cellAt(layout, x, y);
          target = { row: cell.row - grab.row, col: cell.col - grab.col };
          return;
        }
        liftCard(element, dx, dy);
        const cell = cellAt(layout, x, y);
        const delta = clampDelta(card, { dRow: cell.row - grab.row - card.row, dCol: cell.col - grab.col - card.col }, layout);
        const row = card.row + delta.dRow;
        const col = card.col + delta.dCol;
        if (!shown || row !== target.row || col !== target.col) {
          shown = true;
          target = { row, col };
          setPreview({ kind: "move", id: card.id, rect: { row, col, rowSpan: card.rowSpan, colSpan: card.colSpan } });
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

  function onPointerDown(event: ReactPointerEvent<HTMLElement>) {
    if (event.button !== 0) return;
    const target = event.target as HTMLElement;
    const cardElement = target.closest<HTMLElement>("[data-card-id]");
    const card = cardElement?.dataset.cardId ? byId.get(cardElement.dataset.cardId) : undefined;
    if (!card || !cardElement) {
      // Lines, headers and their handles keep their own pointer behaviour; the + of an empty cell is the canvas.
      if (!connecting && (!target.closest(`${INTERACTIVE}, [role="separator"], [data-line-id]`) || target.closest("[data-cell]"))) startOnCanvas(event);
      return;
    }
    const handle = target.closest<HTMLElement>("[data-resize-handle]");
    if (editable && handle && !card.locked) {
      event.preventDefault();
      startResize(card, (handle.dataset.resizeHandle as ResizeEdge) || "se");
      return;
    }
    if (target.closest(INTERACTIVE)) return;
    if (!connecting && !event.shiftKey && !event.ctrlKey && !event.metaKey && looksEmpty(card) && !inGroup(selection, card.id)) {
      // Not a drag of a card nobody sees as one: a selection rectangle, as from an empty cell.
      startOnCanvas(event, { card, element: cardElement });
      return;
    }
    if (connecting) {
      event.preventDefault();
      actions.pickForConnect(card.id);
      return;
    }
    if (event.shiftKey || event.ctrlKey || event.metaKey) {
      // Not focused by the press (which would make it the only selection): focused here when it is selected.
      event.preventDefault();
      const next = event.shiftKey ? extendTo(selection, contentCards, byId, card) : toggleCard(selection, byId, card);
      // Focused first: its focus handler, which reads the selection as last rendered, may select it alone.
      if (selectedCardIds(next).includes(card.id)) cardElement.focus({ preventScroll: true });
      actions.select(next);
      return;
    }
    const selected = selectedCardIds(selection);
    watchLongPress(event, () => {
      if (!selected.includes(card.id)) actions.select(toggleCard(selection, byId, card));
    });
    if (selected.length > 1 && selected.includes(card.id)) {
      if (!editable) return;
      startGroupMove({
        grid: gridRef.current!,
        layout,
        down: event.nativeEvent,
        point: pointInGrid,
        setPreview,
        cards: selected.flatMap((id) => byId.get(id) ?? []),
        cells,
        onDragged: () => (suppressClick.current = true),
        onDrop: (delta) => actions.moveCards(selected, delta),
        onClick: () => actions.select({ kind: "card", id: card.id }),
      });
      return;
    }
    actions.select({ kind: "card", id: card.id });
    if (editable && editingId !== card.id) startMove(card, cardElement, event);
  }

  /** Right click (and a touch screen's long press, which the browser reports the same way): the context menu. */
  function onContextMenu(event: MouseEvent) {
    if (!editable || connecting) return;
    const target = event.target as HTMLElement;
    if (target.closest("input, textarea, a")) return;
    event.preventDefault();
    if (longPress.current) return; // the long press opens it itself
    const id = target.closest<HTMLElement>("[data-card-id]")?.dataset.cardId;
    const card = id ? byId.get(id) : undefined;
    if (card && !selectedCardIds(selection).includes(card.id)) actions.select({ kind: "card", id: card.id });
    else if (!card && gridRef.current) {
      const { x, y } = pointInGrid(event);
      if (!selectedCardIds(selection).length) actions.select({ kind: "cell", ...cellAt(layout, x, y) });
    }
    actions.openMenu({ x: event.clientX, y: event.clientY });
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

  return { preview, handlers: { onPointerDown, onClickCapture, onDoubleClick, onContextMenu } };
}
