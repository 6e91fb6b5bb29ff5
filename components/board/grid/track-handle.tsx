"use client";

import { useRef, type CSSProperties, type KeyboardEvent, type PointerEvent } from "react";
import { MAX_TRACK_SIZE, MIN_TRACK_SIZE } from "./grid-geometry";
import type { Axis } from "./grid-plans";

interface TrackHandleProps {
  axis: Axis;
  index: number;
  size: number;
  /** The board's zoom: a drag of n pixels on screen is n / scale board pixels. */
  scale?: number;
  /** Live size while dragging (not saved); null ends the preview. */
  onPreview: (axis: Axis, index: number, size: number | null) => void;
  /** A size to save; null goes back to the default. */
  onCommit: (axis: Axis, index: number, size: number | null) => void;
  style: CSSProperties;
  /** In the frozen headers it is reached from its header by the arrow keys, not by Tab (header-keys.ts). */
  tabIndex?: number;
}

const clamp = (size: number) => Math.round(Math.min(MAX_TRACK_SIZE, Math.max(MIN_TRACK_SIZE, size)));

/**
 * A grid line's handle: drag it, or focus it and use the arrow keys (Shift for bigger steps), to
 * set a row's height or a column's width; double-click restores the default.
 */
export function TrackHandle({ axis, index, size, scale = 1, onPreview, onCommit, style, tabIndex = 0 }: TrackHandleProps) {
  const drag = useRef<{ start: number; size: number; current: number } | null>(null);
  const noun = axis === "row" ? "row" : "column";
  const coordinate = (event: PointerEvent) => (axis === "row" ? event.clientY : event.clientX);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { start: coordinate(event), size, current: size };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const active = drag.current;
    if (!active) return;
    active.current = clamp(active.size + (coordinate(event) - active.start) / scale);
    onPreview(axis, index, active.current);
  }

  function onPointerUp() {
    const active = drag.current;
    drag.current = null;
    if (!active) return;
    onPreview(axis, index, null);
    if (active.current !== active.size) onCommit(axis, index, active.current);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const grow = axis === "row" ? "ArrowDown" : "ArrowRight";
    const shrink = axis === "row" ? "ArrowUp" : "ArrowLeft";
    if (event.key !== grow && event.key !== shrink) return;
    event.preventDefault();
    const step = event.shiftKey ? 50 : 10;
    onCommit(axis, index, clamp(size + (event.key === grow ? step : -step)));
  }

  return (
    <div
      role="separator"
      tabIndex={tabIndex}
      data-track-stop
      aria-orientation={axis === "row" ? "horizontal" : "vertical"}
      aria-label={`Resize ${noun} ${index + 1}`}
      aria-valuenow={size}
      aria-valuemin={MIN_TRACK_SIZE}
      aria-valuemax={MAX_TRACK_SIZE}
      title={`Drag to resize ${noun} ${index + 1}; double-click to reset`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onDoubleClick={() => onCommit(axis, index, null)}
      style={style}
      className={`group/handle absolute z-20 flex touch-none items-center justify-center rounded ${axis === "row" ? "cursor-row-resize" : "cursor-col-resize"}`}
    >
      <span
        aria-hidden="true"
        className={`rounded-full bg-slate-300 transition-colors group-hover/handle:bg-indigo-500 group-focus-visible/handle:bg-indigo-500 ${axis === "row" ? "h-1 w-5" : "h-5 w-1"}`}
      />
    </div>
  );
}
