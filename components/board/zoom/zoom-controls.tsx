"use client";

import { useCallback, useSyncExternalStore } from "react";
import type { BoardZoomControls } from "./use-board-zoom";
import { MAX_ZOOM, MIN_ZOOM, zoomPercent } from "./zoom-levels";
import type { ZoomStore, ZoomView } from "./zoom-store";

const SERVER_VIEW: ZoomView = { zoom: 1, scrollTo: null };

const BUTTON =
  "flex h-8 min-w-8 items-center justify-center rounded-md px-1.5 text-sm font-medium text-slate-700 tabular-nums transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent pointer-coarse:h-11 pointer-coarse:min-w-11";

/** The board's zoom as a store's subscriber: what the canvas and the controls draw with. */
export function useZoomView(store: ZoomStore): ZoomView {
  return useSyncExternalStore(store.subscribe, store.get, () => SERVER_VIEW);
}

/** The zoom on screen: a gesture's steps as they are shown, ahead of the render. */
function useShownZoom(store: ZoomStore): number {
  const subscribe = useCallback(
    (listener: () => void) => {
      const rendered = store.subscribe(listener);
      const live = store.subscribeLive(() => listener());
      return () => {
        rendered();
        live();
      };
    },
    [store],
  );
  return useSyncExternalStore(subscribe, store.shown, () => SERVER_VIEW.zoom);
}

/** Zoom out, the percentage (click: back to 100 %), zoom in, and fit: floating in the board's corner. */
export function ZoomControls({ store, controls }: { store: ZoomStore; controls: BoardZoomControls }) {
  const zoom = useShownZoom(store);
  return (
    // Above a phone's inspector sheet, which keeps room for it at its foot (inspector-panel.tsx).
    <div
      role="toolbar"
      aria-label="Zoom"
      className="absolute right-3 bottom-3 z-40 flex items-center gap-0.5 rounded-lg bg-white p-1 shadow-md ring-1 ring-slate-200"
    >
      <button type="button" aria-label="Zoom out" title="Zoom out (Ctrl+−)" disabled={zoom <= MIN_ZOOM} onClick={controls.zoomOut} className={BUTTON}>
        <span aria-hidden="true" className="text-lg leading-none">
          −
        </span>
      </button>
      <button
        type="button"
        aria-label={`Zoom ${zoomPercent(zoom)}: reset to 100 %`}
        title="Reset to 100 % (Ctrl+0)"
        onClick={controls.reset}
        data-zoom-percent
        className={`${BUTTON} w-16`}
      >
        {zoomPercent(zoom)}
      </button>
      <button type="button" aria-label="Zoom in" title="Zoom in (Ctrl++)" disabled={zoom >= MAX_ZOOM} onClick={controls.zoomIn} className={BUTTON}>
        <span aria-hidden="true" className="text-lg leading-none">
          +
        </span>
      </button>
      <button type="button" title="Fit the whole board (Shift+1)" onClick={controls.fit} className={BUTTON}>
        Fit
      </button>
    </div>
  );
}
