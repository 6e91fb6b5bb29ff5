import type { BoardCard } from "../state/board-types";
import { cellAt, type GridLayout, type Occupancy, type Rect } from "../grid/grid-geometry";
import { gridScale } from "../grid/grid-point";
import { trackPointer } from "../grid/track-pointer";
import { clampDelta } from "../grid/placement";
import { boardScroller } from "../grid/use-grid-window";
import type { Cell, Selection } from "../state/selection";
import { boundsOf, rangeSelection, rectBetween } from "../state/selection-model";
import { showGroupGhost, type GroupGhost } from "./group-ghost";

/** Pixels the pointer travels before a press becomes a drag. */
export const DRAG_THRESHOLD = 5;

/** What a drag over several cells shows: where a dragged selection lands, or the rectangle being drawn. */
export type GroupPreview =
  /** `pastEdge`: the pointer went past the grid's edge and the selection cannot follow (nothing would move). */
  { kind: "group"; ids: readonly string[]; dRow: number; dCol: number; pastEdge: boolean } | { kind: "marquee"; rect: Rect };

interface GroupPointerInput {
  grid: HTMLElement;
  layout: GridLayout;
  down: PointerEvent | { clientX: number; clientY: number };
  point: (event: { clientX: number; clientY: number }) => { x: number; y: number };
  setPreview: (preview: GroupPreview | null) => void;
  /** Whether a drag happened (the click that ends it is not a click). */
  onDragged: () => void;
}

/**
 * Drags the selected cards together. A picture of them follows the pointer (showGroupGhost: one
 * canvas drawn once a frame with the selected cards on screen) while the cards stay in place,
 * dimmed, and render nothing; the preview shows where each lands (its cell changes only); the drop
 * is one move of all of them.
 */
export function startGroupMove(
  input: GroupPointerInput & {
    cards: readonly BoardCard[];
    cells: Occupancy;
    onDrop: (delta: { dRow: number; dCol: number }) => void;
    onClick: () => void;
  },
): void {
  const { grid, layout, down, point, setPreview, cards, cells, onDrop, onClick, onDragged } = input;
  const origin = { x: down.clientX, y: down.clientY };
  const scroller = boardScroller(grid);
  const scrollOrigin = { left: scroller?.scrollLeft ?? 0, top: scroller?.scrollTop ?? 0 };
  const start = point(down);
  const grabbed = cellAt(layout, start.x, start.y);
  const box = boundsOf(cards) ?? { row: 0, col: 0, rowSpan: 1, colSpan: 1 };
  const ids = cards.map((card) => card.id);
  let dragging = false;
  let ghost: GroupGhost | null = null;
  let delta = { dRow: 0, dCol: 0 };
  let pastEdge = false;
  let wanted = delta;
  trackPointer(
    grid,
    (event) => {
      if (!dragging && Math.hypot(event.clientX - origin.x, event.clientY - origin.y) < DRAG_THRESHOLD) return;
      if (!dragging) {
        dragging = true;
        grid.setAttribute("data-group-drag", "");
        ghost = showGroupGhost(grid, layout, cells, ids);
      }
      // In the grid's own pixels: the cards are drawn inside the zoomed board.
      const scale = gridScale(grid);
      const dx = (event.clientX - origin.x + (scroller ? scroller.scrollLeft - scrollOrigin.left : 0)) / scale;
      const dy = (event.clientY - origin.y + (scroller ? scroller.scrollTop - scrollOrigin.top : 0)) / scale;
      ghost?.moveTo(dx, dy);
      const { x, y } = point(event);
      const cell = cellAt(layout, x, y);
      // The group stays inside the drawn grid.
      wanted = { dRow: cell.row - grabbed.row, dCol: cell.col - grabbed.col };
      const { dRow, dCol } = clampDelta(box, wanted, layout);
      const stuck = dRow === 0 && dCol === 0 && (wanted.dRow !== 0 || wanted.dCol !== 0);
      if (dRow !== delta.dRow || dCol !== delta.dCol || stuck !== pastEdge) {
        delta = { dRow, dCol };
        pastEdge = stuck;
        setPreview({ kind: "group", ids, dRow, dCol, pastEdge });
      }
    },
    (_event, cancelled) => {
      grid.removeAttribute("data-group-drag");
      ghost?.remove();
      setPreview(null);
      if (!dragging) {
        onClick();
        return;
      }
      onDragged();
      if (cancelled) return;
      // Past the edge, the move asked for is refused as the preview said, with the reason in a notice.
      if (delta.dRow || delta.dCol || pastEdge) onDrop(pastEdge ? wanted : delta);
    },
  );
}

/**
 * Draws a selection rectangle from a press on the canvas (an empty cell, a gap): the cards it
 * touches are selected as it grows. A press that does not become a drag is a click (`onClick`).
 */
export function startMarquee(
  input: GroupPointerInput & { cards: readonly BoardCard[]; anchor: Cell | null; select: (selection: Selection | null) => void; onClick: () => void },
): void {
  const { grid, layout, down, point, setPreview, cards, select, onClick, onDragged } = input;
  const origin = { x: down.clientX, y: down.clientY };
  const start = point(down);
  const anchor = input.anchor ?? cellAt(layout, start.x, start.y);
  let dragging = false;
  let head: Cell | null = null;
  trackPointer(
    grid,
    (event) => {
      if (!dragging && Math.hypot(event.clientX - origin.x, event.clientY - origin.y) < DRAG_THRESHOLD) return;
      dragging = true;
      const { x, y } = point(event);
      const cell = cellAt(layout, x, y);
      if (head && cell.row === head.row && cell.col === head.col) return;
      head = cell;
      setPreview({ kind: "marquee", rect: rectBetween(anchor, cell) });
      select(rangeSelection(cards, anchor, cell));
    },
    () => {
      setPreview(null);
      if (!dragging) {
        onClick();
        return;
      }
      onDragged();
    },
  );
}
