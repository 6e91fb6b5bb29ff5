"use client";

import { memo, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent } from "react";
import { PlusIcon } from "@/components/ui/icons";
import { BoardCardView, type RemoteEditor } from "./board-card";
import type { BoardCard, BoardDoc } from "./board-types";
import { cellAt, computeLayout, occupancy, readingOrder, rectBox, type Rect } from "./grid-geometry";
import { ADD_BAR_SIZE, GridHeaders, HEADER_SIZE } from "./grid-headers";
import type { Axis } from "./grid-plans";
import { LinesOverlay } from "./lines-overlay";
import { cellKey, type Selection } from "./selection";

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
  const rows = useMemo(() => {
    const byRow: { cards: BoardCard[]; empty: number[] }[] = Array.from({ length: layout.rows }, () => ({ cards: [], empty: [] }));
    for (const card of readingOrder(cards)) byRow[card.row]?.cards.push(card);
    cells.forEach((line, row) => line.forEach((card, col) => !card && byRow[row]?.empty.push(col)));
    return byRow;
  }, [cards, cells, layout.rows]);

  const selectedCardId = selection?.kind === "card" ? selection.id : null;
  const selectedCell = selection?.kind === "cell" ? cellKey(selection.row, selection.col) : null;
  const tabStop = useMemo(() => {
    if (selectedCardId && cards.some((card) => card.id === selectedCardId)) return selectedCardId;
    if (selectedCell && editable) return `cell:${selectedCell}`;
    const first = rows.find((row) => row.cards.length || (editable && row.empty.length));
    const firstCard = first?.cards[0];
    const firstEmpty = first?.empty[0];
    if (firstCard && (firstEmpty === undefined || firstCard.col < firstEmpty || !editable)) return firstCard.id;
    return first && firstEmpty !== undefined ? `cell:${cellKey(rows.indexOf(first), firstEmpty)}` : null;
  }, [selectedCardId, selectedCell, editable, cards, rows]);

  const pad = editable
    ? { top: EDGE + HEADER_SIZE + 6, left: EDGE + HEADER_SIZE + 6, right: EDGE + ADD_BAR_SIZE + 8, bottom: EDGE + ADD_BAR_SIZE + 8 }
    : { top: EDGE, left: EDGE, right: EDGE, bottom: EDGE };

  // --- Focus and keyboard ----------------------------------------------------------------------

  function focusSelection(next: Selection) {
    const grid = gridRef.current;
    if (!grid) return;
    const selector = next.kind === "card" ? `[data-card-id="${CSS.escape(next.id)}"]` : next.kind === "cell" ? `[data-cell="${cellKey(next.row, next.col)}"]` : null;
    if (selector) grid.querySelector<HTMLElement>(selector)?.focus();
  }

  function currentRect(): Rect | null {
    if (selection?.kind === "card") return cards.find((card) => card.id === selection.id) ?? null;
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
        focusSelection(next);
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

  function autoScroll(event: PointerEvent) {
    const scroller = gridRef.current?.closest<HTMLElement>("[data-board-scroller]");
    if (!scroller) return;
    const box = scroller.getBoundingClientRect();
    const dx = event.clientX < box.left + AUTO_SCROLL_EDGE ? -12 : event.clientX > box.right - AUTO_SCROLL_EDGE ? 12 : 0;
    const dy = event.clientY < box.top + AUTO_SCROLL_EDGE ? -12 : event.clientY > box.bottom - AUTO_SCROLL_EDGE ? 12 : 0;
    if (dx || dy) scroller.scrollBy(dx, dy);
  }

  function track(onMove: (event: PointerEvent) => void, onEnd: (event: PointerEvent, cancelled: boolean) => void) {
    const move = (event: PointerEvent) => onMove(event);
    const up = (event: PointerEvent) => finish(event, false);
    const cancel = (event: PointerEvent) => finish(event, true);
    function finish(event: PointerEvent, cancelled: boolean) {
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
        autoScroll(event);
      },
      (_event, cancelled) => {
        setPreview(null);
        if (!cancelled && (span.rowSpan !== card.rowSpan || span.colSpan !== card.colSpan)) actions.resizeCard(card.id, span);
      },
    );
  }

  function startMove(card: BoardCard, element: HTMLElement, down: ReactPointerEvent) {
    const origin = { x: down.clientX, y: down.clientY };
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
        const dx = event.clientX - origin.x;
        const dy = event.clientY - origin.y;
        if (!dragging && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
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
        autoScroll(event);
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
    const card = cardElement ? cards.find((candidate) => candidate.id === cardElement.dataset.cardId) : undefined;
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
          {rows.map((row, rowIndex) => (
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
          cards={cards}
          layout={layout}
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
