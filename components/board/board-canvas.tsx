"use client";

import { memo, useLayoutEffect, useMemo, useRef, useState, type FocusEvent as ReactFocusEvent, type KeyboardEvent, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from "react";
import { PlusIcon } from "@/components/ui/icons";
import { BoardCardView, type RemoteEditor } from "./board-card";
import type { BoardCard, BoardDoc } from "./board-types";
import { cellAt, computeLayout, occupancy, readingOrder, rectBox, type Rect } from "./grid-geometry";
import { rangeOf, rectTouches } from "./grid-window";
import { ADD_BAR_SIZE, GridHeaders, HEADER_SIZE } from "./grid-headers";
import type { Axis } from "./grid-plans";
import { LinesOverlay } from "./lines-overlay";
import { cellKey, type Selection } from "./selection";
import { boardScroller, useGridWindow } from "./use-grid-window";

export interface CanvasActions {
  select(selection: Selection | null): void;
  startEdit(id: string): void;
  commitEdit(id: string, text: string): void;
  cancelEdit(): void;
  toggleTodo(id: string): void;
  moveCard(id: string, target: { row: number; col: number }): void;
  resizeCard(id: string, span: { rowSpan: number; colSpan: number }): void;
  addCardAt(row: number, col: number): void;
  deleteCard(id: string): void;
  deleteLine(id: string): void;
  addTrack(axis: Axis): void;
  removeTrack(axis: Axis, index: number): void;
  resizeTrack(axis: Axis, index: number, size: number | null): void;
  pickForConnect(id: string): void;
  cancelConnect(): void;
}

interface BoardCanvasProps {
  doc: BoardDoc;
  editable: boolean;
  selection: Selection | null;
  editingId: string | null;
  connecting: boolean;
  connectFromId: string | null;
  /** Cards other people are editing now, by the board's card id. */
  remoteEditors?: ReadonlyMap<string, RemoteEditor>;
  actions: CanvasActions;
}

const EDGE = 16;
const DRAG_THRESHOLD = 5;
const AUTO_SCROLL_EDGE = 40;
/** Targets inside a card that keep their own pointer behaviour (no select-and-drag). */
const INTERACTIVE = "input, textarea, select, button, a, iframe, [data-no-drag]";

type Preview = { kind: "move" | "resize"; rect: Rect } | null;
type TrackDraft = { axis: Axis; index: number; size: number } | null;

const NO_EDITORS: ReadonlyMap<string, RemoteEditor> = new Map();

function withDraft(map: Record<string, number>, draft: TrackDraft, axis: Axis) {
  return draft && draft.axis === axis ? { ...map, [String(draft.index)]: draft.size } : map;
}

/**
 * The board's grid: CSS grid tracks from rowHeights and colWidths, one gridcell per card (and per
 * empty cell), lines drawn over it, and for editors the headers, resize handles and add bars.
 * Pointer and key input is handled here once for all cards.
 */
export const BoardCanvas = memo(function BoardCanvas({ doc, editable, selection, editingId, connecting, connectFromId, remoteEditors = NO_EDITORS, actions }: BoardCanvasProps) {
  const [trackDraft, setTrackDraft] = useState<TrackDraft>(null);
  const [preview, setPreview] = useState<Preview>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const suppressClick = useRef(false);
  const { snap, cards } = doc;

  const layout = useMemo(
    () => computeLayout(cards, withDraft(snap.rowHeights, trackDraft, "row"), withDraft(snap.colWidths, trackDraft, "col"), snap.cellSpacing),
    [cards, snap.rowHeights, snap.colWidths, snap.cellSpacing, trackDraft],
  );
  const cells = useMemo(() => occupancy(cards, layout.rows, layout.cols), [cards, layout.rows, layout.cols]);
  const byId = useMemo(() => new Map(cards.map((card) => [card.id, card])), [cards]);
  const { region, reveal } = useGridWindow(gridRef);
  const range = useMemo(() => rangeOf(layout, region), [layout, region]);

  const selectedCardId = selection?.kind === "card" ? selection.id : null;
  const selectedCell = selection?.kind === "cell" ? cellKey(selection.row, selection.col) : null;
  /** The first card or (for editors) empty cell in reading order: the grid's tab stop when nothing is selected. */
  const firstStop = useMemo(() => {
    let first: BoardCard | undefined;
    for (const card of cards) {
      if (!first || card.row < first.row || (card.row === first.row && (card.col < first.col || (card.col === first.col && card.id < first.id)))) first = card;
    }
    if (!editable) return first ? first.id : null;
    for (let row = 0; row < layout.rows; row += 1) {
      if (first && first.row < row) break;
      for (let col = 0; col < layout.cols; col += 1) {
        if (first && first.row === row && first.col <= col) return first.id;
        if (!cells[row]?.[col]) return `cell:${cellKey(row, col)}`;
      }
    }
    return first ? first.id : null;
  }, [cards, cells, editable, layout.rows, layout.cols]);
  const tabStop = selectedCardId && byId.has(selectedCardId) ? selectedCardId : selectedCell && editable ? `cell:${selectedCell}` : firstStop;

  // Windowing: only the cards and empty cells in the rendered range, plus those that must stay in
  // the DOM wherever they are (the tab stop, the selection, the one being edited or connected).
  const pinnedIds = [tabStop, selectedCardId, editingId, connectFromId].filter((id): id is string => id !== null && byId.has(id)).sort().join(" ");
  const windowCards = useMemo(() => cards.filter((card) => rectTouches(range, card)), [cards, range]);
  const rows = useMemo(() => {
    const shown = new Set(windowCards);
    for (const id of pinnedIds ? pinnedIds.split(" ") : []) shown.add(byId.get(id)!);
    const byRow = new Map<number, { cards: BoardCard[]; empty: number[] }>();
    const at = (row: number) => {
      let entry = byRow.get(row);
      if (!entry) byRow.set(row, (entry = { cards: [], empty: [] }));
      return entry;
    };
    for (const card of readingOrder([...shown])) at(card.row).cards.push(card);
    if (editable) {
      const pinnedCell = selectedCell ?? (tabStop?.startsWith("cell:") ? tabStop.slice(5) : null);
      for (let row = range.row0; row <= range.row1; row += 1) {
        for (let col = range.col0; col <= range.col1; col += 1) if (!cells[row]?.[col]) at(row).empty.push(col);
      }
      if (pinnedCell) {
        const [row, col] = pinnedCell.split(":").map(Number) as [number, number];
        if (!cells[row]?.[col] && !(row >= range.row0 && row <= range.row1 && col >= range.col0 && col <= range.col1)) at(row).empty.push(col);
      }
    }
    return [...byRow.entries()].sort(([a], [b]) => a - b);
  }, [windowCards, pinnedIds, byId, editable, selectedCell, tabStop, range, cells]);

  const pad = editable
    ? { top: EDGE + HEADER_SIZE + 6, left: EDGE + HEADER_SIZE + 6, right: EDGE + ADD_BAR_SIZE + 8, bottom: EDGE + ADD_BAR_SIZE + 8 }
    : { top: EDGE, left: EDGE, right: EDGE, bottom: EDGE };

  // --- Focus and keyboard ----------------------------------------------------------------------

  /** A selection moved to by key, focused once it is rendered (it may be outside the window until then). */
  const pendingFocus = useRef<Selection | null>(null);

  function focusSelection(next: Selection): boolean {
    const grid = gridRef.current;
    if (!grid) return false;
    const selector = next.kind === "card" ? `[data-card-id="${CSS.escape(next.id)}"]` : next.kind === "cell" ? `[data-cell="${cellKey(next.row, next.col)}"]` : null;
    const element = selector ? grid.querySelector<HTMLElement>(selector) : null;
    // The board scrolls it into view itself (reveal), with a margin; the browser's own scroll would not.
    element?.focus({ preventScroll: true });
    return Boolean(element);
  }

  useLayoutEffect(() => {
    if (pendingFocus.current && focusSelection(pendingFocus.current)) pendingFocus.current = null;
  });

  function rectOf(next: Selection): Rect | null {
    if (next.kind === "card") return byId.get(next.id) ?? null;
    if (next.kind === "cell") return { row: next.row, col: next.col, rowSpan: 1, colSpan: 1 };
    return null;
  }

  function currentRect(): Rect | null {
    if (selection?.kind === "card") return byId.get(selection.id) ?? null;
    if (selection?.kind === "cell") return { row: selection.row, col: selection.col, rowSpan: 1, colSpan: 1 };
    return null;
  }

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
    const rect = currentRect();
    if (event.key.startsWith("Arrow")) {
      event.preventDefault();
      const next = rect ? neighbor(rect, event.key) : null;
      if (next) {
        actions.select(next);
        const rect = rectOf(next);
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

  // --- Pointer: select, drag to move, drag the corner to resize --------------------------------

  function pointInGrid(event: PointerEvent | ReactPointerEvent) {
    const box = gridRef.current!.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  /** How far to scroll per frame for a pointer near the scroller's edge (faster the closer it is). */
  function edgeSpeed(event: PointerEvent): { dx: number; dy: number } {
    const scroller = boardScroller(gridRef.current);
    if (!scroller) return { dx: 0, dy: 0 };
    const box = scroller.getBoundingClientRect();
    const speed = (before: number, after: number) =>
      before < AUTO_SCROLL_EDGE ? -Math.ceil((AUTO_SCROLL_EDGE - Math.max(0, before)) / 3) : after < AUTO_SCROLL_EDGE ? Math.ceil((AUTO_SCROLL_EDGE - Math.max(0, after)) / 3) : 0;
    return { dx: speed(event.clientX - box.left, box.right - event.clientX), dy: speed(event.clientY - box.top, box.bottom - event.clientY) };
  }

  /**
   * Pointer tracking for drags: `onMove` runs on every move and again on every frame the board
   * auto-scrolls (the pointer resting near an edge), so the target follows the scrolled board.
   */
  function track(onMove: (event: PointerEvent) => void, onEnd: (event: PointerEvent, cancelled: boolean) => void) {
    let last: PointerEvent | null = null;
    let frame = 0;
    let previous = 0;
    const tick = (now: number) => {
      frame = 0;
      const scroller = boardScroller(gridRef.current);
      if (!last || !scroller) return;
      const { dx, dy } = edgeSpeed(last);
      if (!dx && !dy) {
        previous = 0;
        return;
      }
      // The speed is per 60 Hz frame: slower frames scroll further, so the board moves as fast on a busy machine.
      const frames = previous ? Math.min(6, (now - previous) / (1000 / 60)) : 1;
      previous = now;
      const before = { left: scroller.scrollLeft, top: scroller.scrollTop };
      scroller.scrollBy(Math.round(dx * frames), Math.round(dy * frames));
      if (scroller.scrollLeft === before.left && scroller.scrollTop === before.top) return;
      onMove(last);
      frame = requestAnimationFrame(tick);
    };
    const move = (event: PointerEvent) => {
      last = event;
      onMove(event);
      if (!frame) frame = requestAnimationFrame(tick);
    };
    const up = (event: PointerEvent) => finish(event, false);
    const cancel = (event: PointerEvent) => finish(event, true);
    function finish(event: PointerEvent, cancelled: boolean) {
      if (frame) cancelAnimationFrame(frame);
      last = null;
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
      onEnd(event, cancelled);
    }
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", cancel);
  }

  function startResize(card: BoardCard) {
    let span = { rowSpan: card.rowSpan, colSpan: card.colSpan };
    track(
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
    const reset = () => {
      element.style.transform = "";
      element.style.zIndex = "";
      element.style.opacity = "";
      element.style.pointerEvents = "";
    };
    track(
      (event) => {
        if (!dragging && Math.hypot(event.clientX - origin.x, event.clientY - origin.y) < DRAG_THRESHOLD) return;
        const dx = event.clientX - origin.x + (scroller ? scroller.scrollLeft - scrollOrigin.left : 0);
        const dy = event.clientY - origin.y + (scroller ? scroller.scrollTop - scrollOrigin.top : 0);
        dragging = true;
        // Moved directly on the element while dragging: one card follows the pointer, nothing re-renders.
        element.style.transform = `translate(${dx}px, ${dy}px)`;
        element.style.zIndex = "30";
        element.style.opacity = "0.85";
        element.style.pointerEvents = "none";
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
        reset();
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

  function onClickCapture(event: ReactMouseEvent) {
    // The click that ends a drag is not a click on whatever lies under the pointer.
    if (suppressClick.current) {
      suppressClick.current = false;
      event.stopPropagation();
      event.preventDefault();
    }
  }

  function onFocus(event: ReactFocusEvent<HTMLDivElement>) {
    // A card reached with Tab (or focused by a screen reader) is the selection, as an arrow key's target is.
    const target = event.target as HTMLElement;
    const id = target.matches('[role="gridcell"][data-card-id]') ? target.dataset.cardId : undefined;
    if (id && id !== selectedCardId) actions.select({ kind: "card", id });
  }

  function onDoubleClick(event: ReactMouseEvent) {
    if (!editable || connecting) return;
    const target = event.target as HTMLElement;
    if (target.closest(INTERACTIVE)) return;
    const id = target.closest<HTMLElement>("[data-card-id]")?.dataset.cardId;
    if (id) actions.startEdit(id);
  }

  const previewBox = preview ? rectBox(layout, preview.rect) : null;
  const draftGuide = trackDraft
    ? trackDraft.axis === "col"
      ? { left: (layout.colStarts[trackDraft.index] ?? 0) + trackDraft.size, top: 0, width: 2, height: layout.height }
      : { left: 0, top: (layout.rowStarts[trackDraft.index] ?? 0) + trackDraft.size, width: layout.width, height: 2 }
    : null;

  return (
    <div className="relative w-max" style={{ padding: `${pad.top}px ${pad.right}px ${pad.bottom}px ${pad.left}px` }}>
      {editable && (
        <GridHeaders
          layout={layout}
          range={range}
          originX={pad.left}
          originY={pad.top}
          onAddTrack={actions.addTrack}
          onRemoveTrack={actions.removeTrack}
          onPreviewTrack={(axis, index, size) => setTrackDraft(size === null ? null : { axis, index, size })}
          onResizeTrack={actions.resizeTrack}
        />
      )}
      <div className="relative" style={{ width: layout.width, height: layout.height }}>
        <div
          ref={gridRef}
          role="grid"
          aria-label={`${snap.title} board`}
          aria-rowcount={layout.rows}
          aria-colcount={layout.cols}
          aria-readonly={editable ? undefined : true}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          onPointerDown={onPointerDown}
          onClickCapture={onClickCapture}
          onDoubleClick={onDoubleClick}
          className={`grid ${connecting ? "cursor-crosshair [&_[data-card-id]]:cursor-crosshair" : ""}`}
          style={{
            gridTemplateColumns: layout.colSizes.map((size) => `${size}px`).join(" "),
            gridTemplateRows: layout.rowSizes.map((size) => `${size}px`).join(" "),
            gap: `${layout.gap}px`,
            width: layout.width,
            height: layout.height,
          }}
        >
          {rows.map(([rowIndex, row]) => (
            <div key={rowIndex} role="row" aria-rowindex={rowIndex + 1} className="contents">
              {row.cards.map((card) => (
                <BoardCardView
                  key={card.id}
                  card={card}
                  editable={editable}
                  selected={card.id === selectedCardId}
                  tabStop={card.id === tabStop}
                  editing={card.id === editingId}
                  connectSource={card.id === connectFromId}
                  remoteEditor={remoteEditors.get(card.id)}
                  onToggleTodo={actions.toggleTodo}
                  onCommitEdit={actions.commitEdit}
                  onCancelEdit={actions.cancelEdit}
                />
              ))}
              {row.empty.map((col) => (
                <EmptyCell
                  key={`empty-${col}`}
                  row={rowIndex}
                  col={col}
                  editable={editable}
                  selected={selectedCell === cellKey(rowIndex, col)}
                  tabStop={tabStop === `cell:${cellKey(rowIndex, col)}`}
                  onAdd={actions.addCardAt}
                  onSelect={actions.select}
                />
              ))}
            </div>
          ))}
        </div>
        <LinesOverlay
          lines={doc.lines}
          cardsById={byId}
          layout={layout}
          region={region}
          editable={editable}
          selectedLineId={selection?.kind === "line" ? selection.id : null}
          onSelectLine={(id) => actions.select({ kind: "line", id })}
          onDeleteLine={actions.deleteLine}
        />
        {previewBox && (
          <div
            aria-hidden="true"
            className={`pointer-events-none absolute z-20 rounded-lg border-2 border-dashed ${preview?.kind === "resize" ? "border-indigo-500 bg-indigo-500/5" : "border-indigo-500 bg-indigo-500/10"}`}
            style={{ left: previewBox.x, top: previewBox.y, width: previewBox.width, height: previewBox.height }}
          />
        )}
        {draftGuide && <div aria-hidden="true" className="pointer-events-none absolute z-20 bg-indigo-500" style={draftGuide} />}
      </div>
    </div>
  );
});

interface EmptyCellProps {
  row: number;
  col: number;
  editable: boolean;
  selected: boolean;
  tabStop: boolean;
  onAdd: (row: number, col: number) => void;
  onSelect: (selection: Selection) => void;
}

const EmptyCell = memo(function EmptyCell({ row, col, editable, selected, tabStop, onAdd, onSelect }: EmptyCellProps) {
  return (
    <div
      role="gridcell"
      aria-rowindex={row + 1}
      aria-colindex={col + 1}
      aria-label={editable ? undefined : `Row ${row + 1}, column ${col + 1}: empty`}
      style={{ gridRow: row + 1, gridColumn: col + 1 }}
      className={`group/cell flex items-center justify-center rounded-lg border border-dashed transition-colors ${
        selected ? "border-indigo-400 bg-white/60" : "border-slate-300/0 hover:border-slate-300 hover:bg-white/40"
      }`}
    >
      {editable && (
        <button
          type="button"
          data-cell={cellKey(row, col)}
          tabIndex={tabStop ? 0 : -1}
          aria-label={`Add card at row ${row + 1}, column ${col + 1}`}
          title="Add card"
          onFocus={() => onSelect({ kind: "cell", row, col })}
          onClick={() => onAdd(row, col)}
          className={`flex size-9 items-center justify-center rounded-full bg-white text-slate-500 shadow-sm ring-1 ring-slate-200 transition-opacity hover:text-indigo-600 focus-visible:opacity-100 group-hover/cell:opacity-100 ${
            selected ? "opacity-100" : "opacity-0"
          }`}
        >
          <PlusIcon className="size-5" />
        </button>
      )}
    </div>
  );
});
