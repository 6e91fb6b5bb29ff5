"use client";

import { memo, useState, type CSSProperties } from "react";
import { onHeaderKeyDown } from "./header-keys";
import { CloseIcon, PlusIcon } from "@/components/ui/icons";
import type { GridLayout } from "./grid-geometry";
import type { TrackRange } from "./grid-window";
import type { Axis } from "./grid-plans";
import { TrackHandle } from "./track-handle";

/** The frozen headers' thickness on screen (at every zoom), and the room after the grid for the add bars. */
export const HEADER_SIZE = 24;
export const HEADER_GUTTER = HEADER_SIZE + 6;
export const ADD_BAR_SIZE = 28;
export const ADD_BAR_ROOM = ADD_BAR_SIZE + 16;

/** A header narrower than this on screen shows its number only every few tracks, and no remove button. */
const LABEL_ROOM = 28;
const REMOVE_ROOM = 56;
const LABEL_STEPS = [1, 2, 5, 10, 20, 50, 100];

interface GridHeadersProps {
  layout: GridLayout;
  /** The tracks rendered now (windowing): headers of the others are not drawn. */
  range: TrackRange;
  /** The board's zoom, and the grid's margin inside the zoomed content (board pixels). */
  zoom: number;
  margin: number;
  /** The strips' background: the canvas colour, so cards scrolled under them are hidden. */
  background?: string;
  onRemoveTrack: (axis: Axis, index: number) => void;
  onPreviewTrack: (axis: Axis, index: number, size: number | null) => void;
  onResizeTrack: (axis: Axis, index: number, size: number | null) => void;
}

const REMOVE_BUTTON =
  "flex size-5 items-center justify-center rounded text-slate-400 opacity-0 transition-opacity hover:bg-red-50 hover:text-red-600 focus-visible:opacity-100 group-hover/track:opacity-100";

/** Every how many tracks a number is shown, so that numbers never overlap when zoomed out. */
function labelStep(sizes: readonly number[], zoom: number): number {
  const average = sizes.reduce((sum, size) => sum + size, 0) / Math.max(1, sizes.length);
  return LABEL_STEPS.find((step) => step * average * zoom >= LABEL_ROOM) ?? LABEL_STEPS.at(-1)!;
}

/**
 * Frozen headers: the column numbers in a strip that sticks to the top of the scroller and the row
 * numbers in one that sticks to its left, drawn at screen size over the zoomed grid (like a
 * spreadsheet's), each with a remove button and a resize handle on its grid line. Only the
 * rendered tracks have headers (windowing). Each strip is one Tab stop, its buttons and handles
 * reached from a header by the arrow keys (header-keys.ts). Memoized: a new selection does not draw them again.
 */
export const GridHeaders = memo(function GridHeaders({
  layout,
  range,
  zoom,
  margin,
  background,
  onRemoveTrack,
  onPreviewTrack,
  onResizeTrack,
}: GridHeadersProps) {
  const { gap } = layout;
  // Places are percentages of the strips, which the sizer sizes with the zoom (board pixels over the
  // content's size), so a zoom gesture's step moves the headers with the grid with no render and no
  // style computed again per header (BoardCanvas); the labels' spacing and the remove buttons follow
  // the rendered zoom.
  const contentWidth = layout.width + 2 * margin;
  const contentHeight = layout.height + 2 * margin;
  const across = (px: number) => `${(100 * px) / contentWidth}%`;
  const down = (px: number) => `${(100 * px) / contentHeight}%`;
  const handleWidth = `max(10px, ${across(gap)})`;
  const handleHeight = `max(10px, ${down(gap)})`;
  // Each strip is one Tab stop: the header last focused (the first drawn one until then), the others by arrow keys.
  const [focused, setFocused] = useState<{ col: number; row: number }>({ col: 0, row: 0 });
  const colStop = focused.col >= range.col0 && focused.col <= range.col1 ? focused.col : range.col0;
  const rowStop = focused.row >= range.row0 && focused.row <= range.row1 ? focused.row : range.row0;
  const colStep = labelStep(layout.colSizes, zoom);
  const rowStep = labelStep(layout.rowSizes, zoom);
  // --zoom set again: a gesture's new value stops at the strip, nothing in it reads it.
  const strip: CSSProperties = { backgroundColor: background, position: "sticky", zIndex: 20, ...({ "--zoom": 1 } as CSSProperties) };
  return (
    <>
      <div
        aria-hidden="true"
        data-frozen-corner
        className="bg-slate-50"
        style={{
          ...strip,
          zIndex: 30,
          top: 0,
          left: 0,
          gridRow: "1 / -1",
          gridColumn: "1 / -1",
          alignSelf: "start",
          justifySelf: "start",
          width: HEADER_GUTTER,
          height: HEADER_GUTTER,
        }}
      />
      <div
        data-frozen-headers="columns"
        className="relative bg-slate-50"
        style={{ ...strip, top: 0, gridRow: "1 / -1", gridColumn: 2, alignSelf: "start", height: HEADER_GUTTER }}
      >
        {layout.colSizes.slice(range.col0, range.col1 + 1).map((size, offset) => {
          const col = range.col0 + offset;
          const left = margin + (layout.colStarts[col] ?? 0);
          return (
            <div key={`col-${col}`} data-track onKeyDown={(event) => onHeaderKeyDown(event, "col")}>
              <div
                data-col-header={col + 1}
                data-track-header
                role="group"
                aria-label={`Column ${col + 1}`}
                tabIndex={col === colStop ? 0 : -1}
                onFocus={(event) => event.target === event.currentTarget && setFocused((current) => ({ ...current, col }))}
                className="group/track absolute flex items-center justify-center gap-1 rounded text-xs font-medium text-slate-500 tabular-nums focus-visible:outline-2 focus-visible:outline-indigo-500"
                style={{ left: across(left), top: 3, width: across(size), height: HEADER_SIZE }}
              >
                {(col === 0 || (col + 1) % colStep === 0) && <span>{col + 1}</span>}
                {layout.cols > 1 && size * zoom >= REMOVE_ROOM && (
                  <button
                    type="button"
                    aria-label={`Remove column ${col + 1}`}
                    tabIndex={-1}
                    data-track-stop
                    title={`Remove column ${col + 1}`}
                    onClick={() => onRemoveTrack("col", col)}
                    className={REMOVE_BUTTON}
                  >
                    <CloseIcon className="size-3.5" />
                  </button>
                )}
              </div>
              <TrackHandle
                axis="col"
                index={col}
                size={size}
                scale={zoom}
                onPreview={onPreviewTrack}
                onCommit={onResizeTrack}
                tabIndex={-1}
                style={{ left: `calc(${across(left + size + gap / 2)} - ${handleWidth} / 2)`, top: 3, width: handleWidth, height: HEADER_SIZE }}
              />
            </div>
          );
        })}
      </div>
      <div
        data-frozen-headers="rows"
        className="relative bg-slate-50"
        style={{ ...strip, left: 0, gridRow: 2, gridColumn: "1 / -1", justifySelf: "start", width: HEADER_GUTTER }}
      >
        {layout.rowSizes.slice(range.row0, range.row1 + 1).map((size, offset) => {
          const row = range.row0 + offset;
          const top = margin + (layout.rowStarts[row] ?? 0);
          return (
            <div key={`row-${row}`} data-track onKeyDown={(event) => onHeaderKeyDown(event, "row")}>
              <div
                data-row-header={row + 1}
                data-track-header
                role="group"
                aria-label={`Row ${row + 1}`}
                tabIndex={row === rowStop ? 0 : -1}
                onFocus={(event) => event.target === event.currentTarget && setFocused((current) => ({ ...current, row }))}
                className="group/track absolute flex flex-col items-center justify-center gap-1 rounded text-xs font-medium text-slate-500 tabular-nums focus-visible:outline-2 focus-visible:outline-indigo-500"
                style={{ left: 3, top: down(top), width: HEADER_SIZE, height: down(size) }}
              >
                {(row === 0 || (row + 1) % rowStep === 0) && <span>{row + 1}</span>}
                {layout.rows > 1 && size * zoom >= REMOVE_ROOM && (
                  <button
                    type="button"
                    aria-label={`Remove row ${row + 1}`}
                    tabIndex={-1}
                    data-track-stop
                    title={`Remove row ${row + 1}`}
                    onClick={() => onRemoveTrack("row", row)}
                    className={REMOVE_BUTTON}
                  >
                    <CloseIcon className="size-3.5" />
                  </button>
                )}
              </div>
              <TrackHandle
                axis="row"
                index={row}
                size={size}
                scale={zoom}
                onPreview={onPreviewTrack}
                onCommit={onResizeTrack}
                tabIndex={-1}
                style={{ left: 3, top: `calc(${down(top + size + gap / 2)} - ${handleHeight} / 2)`, width: HEADER_SIZE, height: handleHeight }}
              />
            </div>
          );
        })}
      </div>
    </>
  );
});

interface AddTrackBarsProps {
  layout: GridLayout;
  margin: number;
  onAddTrack: (axis: Axis) => void;
}

/** The bars below and to the right of the grid that add a row or a column, at screen size at every zoom (sizes: calc()s of --zoom). */
export function AddTrackBars({ layout, margin, onAddTrack }: AddTrackBarsProps) {
  return (
    <>
      <button
        type="button"
        onClick={() => onAddTrack("row")}
        className="flex items-center justify-center gap-1.5 rounded-lg border border-dashed border-slate-300 text-xs font-medium text-slate-500 transition-colors hover:border-indigo-400 hover:bg-white/70 hover:text-indigo-700"
        style={{
          gridRow: 3,
          gridColumn: 2,
          marginLeft: `calc(${margin}px * var(--zoom))`,
          marginTop: 8,
          width: `max(${ADD_BAR_SIZE}px, calc(${layout.width}px * var(--zoom)))`,
          height: ADD_BAR_SIZE,
        }}
      >
        <PlusIcon className="size-4" />
        Add row
      </button>
      <button
        type="button"
        aria-label="Add column"
        title="Add column"
        onClick={() => onAddTrack("col")}
        className="flex items-center justify-center rounded-lg border border-dashed border-slate-300 text-slate-500 transition-colors hover:border-indigo-400 hover:bg-white/70 hover:text-indigo-700"
        style={{
          gridRow: 2,
          gridColumn: 3,
          marginTop: `calc(${margin}px * var(--zoom))`,
          marginLeft: 8,
          width: ADD_BAR_SIZE,
          height: `max(${ADD_BAR_SIZE}px, calc(${layout.height}px * var(--zoom)))`,
        }}
      >
        <PlusIcon className="size-4" />
      </button>
    </>
  );
}
