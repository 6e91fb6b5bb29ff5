"use client";

import { flushSync } from "react-dom";
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent } from "react";
import { BoardCardView, type RemoteEditor } from "./board-card";
import type { BoardCard, BoardDoc } from "../state/board-types";
import type { FoundCards } from "../find/find-bar";
import type { CanvasActions } from "./canvas-actions";
import { windowRows } from "../grid/canvas-rows";
import { firstTabStop } from "./canvas-tab-stop";
import { cardIndex } from "../grid/card-index";
import { cardsWithContent, looksEmpty } from "../grid/looks-empty";
import { EmptyCell } from "./empty-cell";
import { cellAt, computeLayout, occupancy, rectBox } from "../grid/grid-geometry";
import { canvasBackground } from "./card-style";
import { cardTextFit } from "./card-text-fit";
import { rangeOf, rectTouches, type TrackRange } from "../grid/grid-window";
import { ADD_BAR_ROOM, AddTrackBars, GridHeaders, HEADER_GUTTER } from "../grid/grid-headers";
import { gridPoint } from "../grid/grid-point";
import { OverviewCanvas } from "../zoom/overview-canvas";
import { useZoomScroll } from "../zoom/use-zoom-scroll";
import { zoomLayerBox } from "../zoom/zoom-layer-box";
import { LEGIBLE_ZOOM } from "../zoom/zoom-levels";
import type { LiveZoom, ZoomView } from "../zoom/zoom-store";
import type { Axis } from "../grid/grid-plans";
import { LinesOverlay } from "./lines-overlay";
import { extentCorner, type GridExtent } from "../grid/rest-of-board";
import { cellKey, type Selection } from "../state/selection";
import { useCanvasKeyboard } from "./use-canvas-keyboard";
import { CommandHost } from "../commands/command-host";
import { GroupDropPreview } from "./group-drop-preview";
import { dropRefusal } from "./drop-refusal";
import { DropRefusal } from "./drop-refusal-label";
import type { EditMode } from "../state/use-board-actions";
import { useCanvasPointer } from "./use-canvas-pointer";
import { boardScroller, useGridWindow } from "../grid/use-grid-window";
import { useRevealCard } from "./use-reveal-card";

export interface BoardCanvasProps {
  doc: BoardDoc;
  /** While the rest of the cards is on its way: the rows and columns they reach (the grid's size until then). */
  loadingExtent?: GridExtent | null;
  editable: boolean;
  selection: Selection | null;
  editingId: string | null;
  /** How the inline editor opened, and what was typed to open it (useBoardActions). */
  editMode?: EditMode;
  typedText?: string | null;
  connecting: boolean;
  connectFromId: string | null;
  /** Cards other people are editing now, by the board's card id. */
  remoteEditors?: ReadonlyMap<string, RemoteEditor>;
  /** Comments per card, by the board's card id. */
  commentCounts?: ReadonlyMap<string, number>;
  /** Find's matches, marked on their cards. */
  found?: FoundCards | null;
  actions: CanvasActions;
  /** A card to select and scroll into view once it is on the board (the page's `?card=`). */
  revealCardId?: string | null;
  /** The zoom to draw at (100 % when absent) and where to scroll for it. */
  zoomView?: ZoomView;
  /** A gesture's zoom, written to the DOM before the board renders at it (ZoomStore.show). */
  liveZoom?: LiveZoom;
  /** Where the board's commands find this canvas (its keys, its selection); a board with none keeps its keys to its grid. */
  commandHost?: CommandHost;
}

/** The board's margin around the grid, in board pixels (zoomed with it). */
const EDGE = 16;
/** Below the legibility threshold no cell is drawn as an element (the overview canvas draws the cards). */
const NO_RANGE: TrackRange = { row0: 0, row1: -1, col0: 0, col1: -1 };

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
  editMode,
  typedText = null,
  connecting,
  connectFromId,
  remoteEditors = NO_EDITORS,
  commentCounts,
  found = null,
  actions,
  revealCardId = null,
  zoomView,
  liveZoom,
  commandHost,
}: BoardCanvasProps) {
  const [ownHost] = useState(() => new CommandHost(false));
  const host = commandHost ?? ownHost;
  const zoom = zoomView?.zoom ?? 1;
  const legible = zoom >= LEGIBLE_ZOOM;
  const [trackDraft, setTrackDraft] = useState<TrackDraft>(null);
  // Stable, so the memoized headers and lines skip a render for a new selection.
  const previewTrack = useCallback((axis: Axis, index: number, size: number | null) => setTrackDraft(size === null ? null : { axis, index, size }), []);
  const selectLine = useCallback((id: string) => actions.select({ kind: "line", id }), [actions]);
  const gridRef = useRef<HTMLDivElement>(null);
  const sizerRef = useRef<HTMLDivElement>(null);
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
  const contentCards = useMemo(() => cardsWithContent(cards, commentCounts), [cards, commentCounts]);
  const looksEmptyHere = useCallback((card: BoardCard) => looksEmpty(card, commentCounts?.get(card.id)), [commentCounts]);
  const { region, reveal, measure } = useGridWindow(gridRef);
  useZoomScroll(gridRef, zoomView, measure);
  useLayoutEffect(() => {
    if (!liveZoom) return;
    // A gesture's step: the one variable every zoomed size reads, and the scroll that keeps the
    // point under the pointer, with no render; `data-zooming` holds the window until it rests.
    const offLive = liveZoom.subscribeLive((shown, scrollTo) => {
      const sizer = sizerRef.current;
      if (!sizer) return;
      sizer.style.setProperty("--zoom", String(shown));
      sizer.dataset.zoom = String(shown);
      sizer.dataset.zooming = "";
      const scroller = boardScroller(sizer);
      if (scroller && scrollTo) {
        scroller.scrollLeft = scrollTo.left;
        scroller.scrollTop = scrollTo.top;
      }
    });
    // The rest: the window is measured on the DOM, which shows the zoom, and rendered in the same
    // render as the zoom the store's subscribers scheduled; apart, the zoom would first render with
    // the old window (a 5 % window at 200 % is the whole board).
    const offRest = liveZoom.subscribeRest(() => {
      sizerRef.current?.removeAttribute("data-zooming");
      flushSync(() => measure(true));
    });
    return () => {
      offLive();
      offRest();
    };
  }, [liveZoom, measure]);
  const range = useMemo(() => rangeOf(layout, region), [layout, region]);
  const drawnRange = legible ? range : NO_RANGE;
  const layerBox = useMemo(() => zoomLayerBox(layout, range, EDGE), [layout, range]);

  const selectedCardId = selection?.kind === "card" ? selection.id : null;
  const selectedCell = selection?.kind === "cell" ? cellKey(selection.row, selection.col) : null;
  const selectedSet = useMemo(() => new Set(selection?.kind === "cards" ? selection.ids : []), [selection]);
  // Of several selected cards, the one where the selection was last extended to holds the tab stop.
  const headCard = selection?.kind === "cards" ? cells[selection.head.row]?.[selection.head.col] : undefined;
  const headCardId = selection?.kind === "cards" ? (headCard && selectedSet.has(headCard.id) ? headCard.id : (selection.ids[0] ?? null)) : null;
  const firstStop = useMemo(() => firstTabStop(cards, cells, editable, layout.rows, layout.cols), [cards, cells, editable, layout.rows, layout.cols]);
  const focusCardId = selectedCardId ?? headCardId;
  const tabStop = focusCardId && byId.has(focusCardId) ? focusCardId : selectedCell && editable ? `cell:${selectedCell}` : firstStop;

  // Windowing: only the cards and empty cells in the rendered range, plus those that must stay in
  // the DOM wherever they are (the tab stop, the selection, the one being edited or connected).
  const pinnedIds = [tabStop, selectedCardId, editingId, connectFromId]
    .filter((id): id is string => id !== null && byId.has(id))
    .sort()
    .join(" ");
  const windowCards = useMemo(() => cards.filter((card) => rectTouches(drawnRange, card)), [cards, drawnRange]);
  const rows = useMemo(
    () =>
      windowRows({
        windowCards,
        pinnedCards: pinnedIds ? pinnedIds.split(" ").map((id) => byId.get(id)!) : [],
        range: drawnRange,
        cells,
        editable,
        pinnedCell: selectedCell ?? (tabStop?.startsWith("cell:") ? tabStop.slice(5) : null),
      }),
    [windowCards, pinnedIds, byId, editable, selectedCell, tabStop, drawnRange, cells],
  );

  // The sizer: frozen headers (editors), the zoomed content (the grid in its margin), room for the add bars (editors).
  const gutter = editable ? HEADER_GUTTER : 0;
  const trailing = editable ? ADD_BAR_ROOM : 0;
  const contentWidth = layout.width + 2 * EDGE;
  const contentHeight = layout.height + 2 * EDGE;

  useRevealCard({ cardId: revealCardId, byId, layout, gridRef, reveal, select: actions.select });
  const { onFocus } = useCanvasKeyboard({ host, gridRef, cards: contentCards, layout, cells, byId, selection, editable, connecting, reveal, actions });
  const { preview, handlers } = useCanvasPointer({
    gridRef,
    layout,
    contentCards,
    looksEmpty: looksEmptyHere,
    cells,
    selection,
    byId,
    editable,
    editingId,
    connecting,
    actions,
  });
  const { onPointerDown, onContextMenu, ...gridHandlers } = handlers;

  const previewBox = preview && preview.kind !== "group" ? rectBox(layout, preview.rect) : null;
  // Said during the gesture: the drop would be refused, and why (the plan the drop carries out).
  const refusal = useMemo(() => dropRefusal(doc, preview), [doc, preview]);
  const draftGuide = trackDraft
    ? trackDraft.axis === "col"
      ? { left: (layout.colStarts[trackDraft.index] ?? 0) + trackDraft.size, top: 0, width: 2, height: layout.height }
      : { left: 0, top: (layout.rowStarts[trackDraft.index] ?? 0) + trackDraft.size, width: layout.width, height: 2 }
    : null;

  // Below the legibility threshold a press on a drawn block selects its card (or its empty cell).
  const onOverviewPointerDown = (event: ReactPointerEvent) => {
    const grid = gridRef.current;
    if (legible || !grid || event.button !== 0 || (event.target as HTMLElement).closest("[data-card-id], button, [data-line-id]")) return;
    const { x, y } = gridPoint(grid, event.clientX, event.clientY);
    if (x < 0 || y < 0 || x > layout.width || y > layout.height) return;
    const { row, col } = cellAt(layout, x, y);
    const card = cells[row]?.[col];
    // Not also a press on the canvas around the cards (which would start a selection rectangle and clear this).
    event.stopPropagation();
    if (card) actions.select({ kind: "card", id: card.id });
    else if (editable) actions.select({ kind: "cell", row, col });
  };

  return (
    <div
      ref={sizerRef}
      data-board-sizer
      data-gutter={gutter}
      data-trailing={trailing}
      data-content-width={contentWidth}
      data-content-height={contentHeight}
      data-zoom={zoom}
      className="grid w-max"
      // Every zoomed size is a calc() of --zoom, so that a gesture's step is one variable written (above).
      style={
        {
          "--zoom": zoom,
          gridTemplateColumns: `${gutter}px calc(${contentWidth}px * var(--zoom)) ${trailing}px`,
          gridTemplateRows: `${gutter}px calc(${contentHeight}px * var(--zoom)) ${trailing}px`,
        } as CSSProperties
      }
      onPointerDown={onPointerDown}
      onContextMenu={onContextMenu}
    >
      {editable && (
        <GridHeaders
          layout={layout}
          range={range}
          zoom={zoom}
          margin={EDGE}
          background={canvasBackground(snap.canvasBackgroundColor)}
          onRemoveTrack={actions.removeTrack}
          onPreviewTrack={previewTrack}
          onResizeTrack={actions.resizeTrack}
        />
      )}
      <OverviewCanvas
        cells={cells}
        layout={layout}
        zoom={zoom}
        liveZoom={liveZoom}
        margin={EDGE}
        gutter={gutter}
        selected={(selectedCardId && byId.get(selectedCardId)) || null}
      />
      <div
        data-zoom-content
        onPointerDown={onOverviewPointerDown}
        className="relative isolate"
        style={{ gridRow: 2, gridColumn: 2, width: `calc(${contentWidth}px * var(--zoom))`, height: `calc(${contentHeight}px * var(--zoom))` }}
      >
        {/* The scaled layer covers the window only (clipped to it during a gesture, globals.css); the content keeps its board pixels inside it. */}
        <div
          data-zoom-layer
          className="absolute origin-top-left"
          style={{
            left: `calc(${layerBox.x}px * var(--zoom))`,
            top: `calc(${layerBox.y}px * var(--zoom))`,
            width: layerBox.width,
            height: layerBox.height,
            transform: "scale(var(--zoom))",
          }}
        >
          {/* --zoom set again here: a gesture's new value stops at this element, so the cards' styles are not computed again per step. */}
          <div
            className="absolute"
            style={{ left: -layerBox.x, top: -layerBox.y, width: contentWidth, height: contentHeight, padding: EDGE, ...({ "--zoom": 1 } as CSSProperties) }}
          >
            <div className="relative" style={{ width: layout.width, height: layout.height }}>
              <div
                ref={gridRef}
                role="grid"
                aria-label={`${snap.title} board`}
                aria-rowcount={layout.rows}
                aria-colcount={layout.cols}
                aria-readonly={editable ? undefined : true}
                aria-busy={loadingExtent ? true : undefined}
                onFocus={onFocus}
                {...gridHandlers}
                // Below the legibility threshold the overview draws every card, titles too: the few kept in the DOM (the tab stop, the selection) do not cover it.
                className={`grid ${connecting ? "cursor-crosshair [&_[data-card-id]]:cursor-crosshair" : ""} ${legible ? "" : "[&_[data-card-id]]:opacity-0"}`}
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
                        selected={card.id === selectedCardId || selectedSet.has(card.id)}
                        resizable={card.id === selectedCardId}
                        tabStop={card.id === tabStop}
                        editing={card.id === editingId}
                        editMode={card.id === editingId ? editMode : undefined}
                        typedText={card.id === editingId ? typedText : undefined}
                        connectSource={card.id === connectFromId}
                        remoteEditor={remoteEditors.get(card.id)}
                        commentCount={commentCounts?.get(card.id)}
                        find={found?.current === card.id ? "current" : found?.matches.has(card.id) ? "match" : undefined}
                        {...cardTextFit(card, rectBox(layout, card))}
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
              {preview?.kind === "group" && (
                <GroupDropPreview preview={preview} layout={layout} byId={byId} cells={cells} range={range} refused={refusal !== null} />
              )}
              {previewBox && (
                <div
                  aria-hidden="true"
                  data-drop-preview={preview?.kind}
                  data-blocked={refusal ? true : undefined}
                  className={`pointer-events-none absolute z-20 rounded-lg border-2 ${preview?.kind === "marquee" ? "" : "border-dashed"} ${
                    refusal
                      ? "border-red-500 bg-red-500/15"
                      : preview?.kind === "resize"
                        ? "border-indigo-500 bg-indigo-500/5"
                        : "border-indigo-500 bg-indigo-500/10"
                  }`}
                  style={{ left: previewBox.x, top: previewBox.y, width: previewBox.width, height: previewBox.height }}
                />
              )}
              {refusal && <DropRefusal reason={refusal} pane={boardScroller(gridRef.current)?.parentElement ?? null} />}
              {draftGuide && <div aria-hidden="true" className="pointer-events-none absolute z-20 bg-indigo-500" style={draftGuide} />}
            </div>
          </div>
        </div>
      </div>
      {editable && <AddTrackBars layout={layout} margin={EDGE} onAddTrack={actions.addTrack} />}
    </div>
  );
});
