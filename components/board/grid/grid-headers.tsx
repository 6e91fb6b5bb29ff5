"use client";

import { memo } from "react";
import { CloseIcon, PlusIcon } from "@/components/ui/icons";
import type { GridLayout } from "./grid-geometry";
import type { TrackRange } from "./grid-window";
import type { Axis } from "./grid-plans";
import { TrackHandle } from "./track-handle";

/** Room around the grid for the headers and the add bars (editors only). */
export const HEADER_SIZE = 24;
export const ADD_BAR_SIZE = 28;

interface GridHeadersProps {
  layout: GridLayout;
  /** The tracks rendered now (windowing): headers of the others are not drawn. */
  range: TrackRange;
  /** Where the grid starts inside the board's padding box. */
  originX: number;
  originY: number;
  onAddTrack: (axis: Axis) => void;
  onRemoveTrack: (axis: Axis, index: number) => void;
  onPreviewTrack: (axis: Axis, index: number, size: number | null) => void;
  onResizeTrack: (axis: Axis, index: number, size: number | null) => void;
}

const REMOVE_BUTTON =
  "flex size-5 items-center justify-center rounded text-slate-400 opacity-0 transition-opacity hover:bg-red-50 hover:text-red-600 focus-visible:opacity-100 group-hover/track:opacity-100";

/**
 * Column headers above the grid and row headers beside it: a number, a remove button, and a resize
 * handle on each grid line; bars below and to the right add a row or a column. Memoized: a new
 * selection does not draw them again.
 */
export const GridHeaders = memo(function GridHeaders({
  layout,
  range,
  originX,
  originY,
  onAddTrack,
  onRemoveTrack,
  onPreviewTrack,
  onResizeTrack,
}: GridHeadersProps) {
  const { gap } = layout;
  const handleThickness = Math.max(10, gap);
  return (
    <>
      {layout.colSizes.slice(range.col0, range.col1 + 1).map((width, offset) => {
        const col = range.col0 + offset;
        const left = originX + (layout.colStarts[col] ?? 0);
        return (
          <div key={`col-${col}`}>
            <div
              className="group/track absolute flex items-center justify-center gap-1 text-xs font-medium text-slate-500 tabular-nums"
              style={{ left, top: originY - HEADER_SIZE - 6, width, height: HEADER_SIZE }}
            >
              <span>{col + 1}</span>
              {layout.cols > 1 && (
                <button
                  type="button"
                  aria-label={`Remove column ${col + 1}`}
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
              size={width}
              onPreview={onPreviewTrack}
              onCommit={onResizeTrack}
              style={{ left: left + width + gap / 2 - handleThickness / 2, top: originY - HEADER_SIZE - 6, width: handleThickness, height: HEADER_SIZE }}
            />
          </div>
        );
      })}
      {layout.rowSizes.slice(range.row0, range.row1 + 1).map((height, offset) => {
        const row = range.row0 + offset;
        const top = originY + (layout.rowStarts[row] ?? 0);
        return (
          <div key={`row-${row}`}>
            <div
              className="group/track absolute flex flex-col items-center justify-center gap-1 text-xs font-medium text-slate-500 tabular-nums"
              style={{ left: originX - HEADER_SIZE - 6, top, width: HEADER_SIZE, height }}
            >
              <span>{row + 1}</span>
              {layout.rows > 1 && (
                <button
                  type="button"
                  aria-label={`Remove row ${row + 1}`}
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
              size={height}
              onPreview={onPreviewTrack}
              onCommit={onResizeTrack}
              style={{ left: originX - HEADER_SIZE - 6, top: top + height + gap / 2 - handleThickness / 2, width: HEADER_SIZE, height: handleThickness }}
            />
          </div>
        );
      })}
      <button
        type="button"
        onClick={() => onAddTrack("row")}
        className="absolute flex items-center justify-center gap-1.5 rounded-lg border border-dashed border-slate-300 text-xs font-medium text-slate-500 transition-colors hover:border-indigo-400 hover:bg-white/70 hover:text-indigo-700"
        style={{ left: originX, top: originY + layout.height + 8, width: layout.width, height: ADD_BAR_SIZE }}
      >
        <PlusIcon className="size-4" />
        Add row
      </button>
      <button
        type="button"
        aria-label="Add column"
        title="Add column"
        onClick={() => onAddTrack("col")}
        className="absolute flex items-center justify-center rounded-lg border border-dashed border-slate-300 text-slate-500 transition-colors hover:border-indigo-400 hover:bg-white/70 hover:text-indigo-700"
        style={{ left: originX + layout.width + 8, top: originY, width: ADD_BAR_SIZE, height: layout.height }}
      >
        <PlusIcon className="size-4" />
      </button>
    </>
  );
});
