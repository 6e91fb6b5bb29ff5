"use client";

import { memo, useCallback, useMemo, useRef, useState } from "react";
import { BoardCardView, type RemoteEditor } from "./board-card";
import type { BoardDoc } from "../state/board-types";
import type { CanvasActions } from "./canvas-actions";
import { windowRows } from "../grid/canvas-rows";
import { firstTabStop } from "./canvas-tab-stop";
import { cardIndex } from "../grid/card-index";
import { EmptyCell } from "./empty-cell";
import { computeLayout, occupancy, rectBox } from "../grid/grid-geometry";
import { rangeOf, rectTouches } from "../grid/grid-window";
import { ADD_BAR_SIZE, GridHeaders, HEADER_SIZE } from "../grid/grid-headers";
import type { Axis } from "../grid/grid-plans";
import { LinesOverlay } from "./lines-overlay";
import { extentCorner, type GridExtent } from "../grid/rest-of-board";
import { cellKey, type Selection } from "../state/selection";
import { useCanvasKeyboard } from "./use-canvas-keyboard";
import { useCanvasPointer } from "./use-canvas-pointer";
import { useGridWindow } from "../grid/use-grid-window";
import { useRevealCard } from "./use-reveal-card";

export interface BoardCanvasProps {
  doc: BoardDoc;
  /** While the rest of the cards is on its way: the rows and columns they reach (the grid's size until then). */
  loadingExtent?: GridExtent | null;
  editable: boolean;
  selection: Selection | null;
  editingId: string | null;
  connecting: boolean;
  connectFromId: string | null;
  /** Cards other people are editing now, by the board's card id. */
  remoteEditors?: ReadonlyMap<string, RemoteEditor>;
  /** Comments per card, by the board's card id. */
  commentCounts?: ReadonlyMap<string, number>;
  actions: CanvasActions;
  /** A card to select and scroll into view once it is on the board (the page's `?card=`). */
  revealCardId?: string | null;
}

const EDGE = 16;

/** A track being resized by its handle: drawn at that size before it is saved. */
type TrackDraft = { axis: Axis; index: number; size: number } | null;

const NO_EDITORS: ReadonlyMap<string, RemoteEditor> = new Map();

function withDraft(map: Record<string, number>, draft: TrackDraft, axis: Axis) {
  return draft && draft.axis === axis ? { ...map, [String(draft.index)]: draft.size } : map;
}

/**
 * The board's grid: CSS grid tracks from rowHeights and colWidths, one gridcell per card (and per
 * empty cell), lines drawn over it, and for editors the headers, resize handles and add bars.
 * Keyboard and pointer input is handled once for all cards (useCanvasKeyboard, useCanvasPointer).
 */
export const BoardCanvas = memo(function BoardCanvas({
  doc,
  loadingExtent = null,
  editable,
  selection,
  editingId,
  connecting,
  connectFromId,
  remoteEditors = NO_EDITORS,
  commentCounts,
  actions,
  revealCardId = null,
}: BoardCanvasProps) {
  const [trackDraft, setTrackDraft] = useState<TrackDraft>(null);
  // Stable, so the memoized headers and lines skip a render for a new selection.
  const previewTrack = useCallback((axis: Axis, index: number, size: number | null) => setTrackDraft(size === null ? null : { axis, index, size }), []);
  const selectLine = useCallback((id: string) => actions.select({ kind: "line", id }), [actions]);
  const gridRef = useRef<HTMLDivElement>(null);
  const { snap, cards } = doc;

  const layout = useMemo(() => {
    const corner = extentCorner(loadingExtent);
    return computeLayout(
      corner ? [...cards, corner] : cards,
      withDraft(snap.rowHeights, trackDraft, "row"),
      withDraft(snap.colWidths, trackDraft, "col"),
      snap.cellSpacing,
    );
  }, [cards, loadingExtent, snap.rowHeights, snap.colWidths, snap.cellSpacing, trackDraft]);
  const cells = useMemo(() => occupancy(cards, layout.rows, layout.cols), [cards, layout.rows, layout.cols]);
  const byId = cardIndex(cards);
  const { region, reveal } = useGridWindow(gridRef);
  const range = useMemo(() => rangeOf(layout, region), [layout, region]);

  const selectedCardId = selection?.kind === "card" ? selection.id : null;
  const selectedCell = selection?.kind === "cell" ? cellKey(selection.row, selection.col) : null;
  const firstStop = useMemo(() => firstTabStop(cards, cells, editable, layout.rows, layout.cols), [cards, cells, editable, layout.rows, layout.cols]);
  const tabStop = selectedCardId && byId.has(selectedCardId) ? selectedCardId : selectedCell && editable ? `cell:${selectedCell}` : firstStop;

  // Windowing: only the cards and empty cells in the rendered range, plus those that must stay in
  // the DOM wherever they are (the tab stop, the selection, the one being edited or connected).
  const pinnedIds = [tabStop, selectedCardId, editingId, connectFromId]
    .filter((id): id is string => id !== null && byId.has(id))
    .sort()
    .join(" ");
  const windowCards = useMemo(() => cards.filter((card) => rectTouches(range, card)), [cards, range]);
  const rows = useMemo(
    () =>
      windowRows({
        windowCards,
        pinnedCards: pinnedIds ? pinnedIds.split(" ").map((id) => byId.get(id)!) : [],
        range,
        cells,
        editable,
        pinnedCell: selectedCell ?? (tabStop?.startsWith("cell:") ? tabStop.slice(5) : null),
      }),
    [windowCards, pinnedIds, byId, editable, selectedCell, tabStop, range, cells],
  );

  const pad = editable
    ? { top: EDGE + HEADER_SIZE + 6, left: EDGE + HEADER_SIZE + 6, right: EDGE + ADD_BAR_SIZE + 8, bottom: EDGE + ADD_BAR_SIZE + 8 }
    : { top: EDGE, left: EDGE, right: EDGE, bottom: EDGE };

  useRevealCard({ cardId: revealCardId, byId, layout, gridRef, reveal, select: actions.select });
  const { onKeyDown, onFocus } = useCanvasKeyboard({ gridRef, layout, cells, byId, selection, editable, connecting, reveal, actions });
  const { preview, handlers } = useCanvasPointer({ gridRef, layout, byId, editable, editingId, connecting, actions });

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
          onPreviewTrack={previewTrack}
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
          aria-busy={loadingExtent ? true : undefined}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          {...handlers}
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
                  commentCount={commentCounts?.get(card.id)}
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
          onSelectLine={selectLine}
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
