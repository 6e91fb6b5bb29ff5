"use client";

import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { afterNextPaint } from "../canvas/after-paint";
import { gridScale } from "./grid-point";
import { zoomFrameOf } from "../zoom/board-zoom-frame";
import { DEFAULT_REGION, expandRegion, OVERSCAN, regionContains, scrollToReveal, type Region } from "./grid-window";

const WHOLE_BOARD: Region = { x: 0, y: 0, width: 1e9, height: 1e9 };
/** The window is redrawn around the screen once less than half its overscan is left on a side. */
const THIN_MARGIN = { x: -OVERSCAN.x / 2, y: -OVERSCAN.y / 2 };

/** The scrolling element the board sits in (the editor's pane, the public page's main). */
export function boardScroller(grid: HTMLElement | null): HTMLElement | null {
  return grid?.closest<HTMLElement>("[data-board-scroller]") ?? null;
}

/** The part of the grid the scroller shows now (less the frozen headers), in the grid's own pixels at any zoom. */
export function visibleRegion(grid: HTMLElement, scroller: HTMLElement): Region {
  const gridBox = grid.getBoundingClientRect();
  const scrollerBox = scroller.getBoundingClientRect();
  const scale = gridScale(grid);
  const { gutter } = zoomFrameOf(scroller);
  return {
    x: (scrollerBox.left + scroller.clientLeft + gutter - gridBox.left) / scale,
    y: (scrollerBox.top + scroller.clientTop + gutter - gridBox.top) / scale,
    width: Math.max(0, scroller.clientWidth - gutter) / scale,
    height: Math.max(0, scroller.clientHeight - gutter) / scale,
  };
}

/**
 * Scrolls the board so that a box of the grid (board pixels) is in view, at any zoom; `coveredTop`:
 * screen pixels at the scroller's top that something over the board hides (the find bar).
 */
export function revealInScroller(grid: HTMLElement, scroller: HTMLElement, box: Region, coveredTop = 0): void {
  const view = visibleRegion(grid, scroller);
  const hidden = Math.max(0, coveredTop - zoomFrameOf(scroller).gutter) / gridScale(grid);
  const { dx, dy } = scrollToReveal({ ...view, y: view.y + hidden, height: Math.max(0, view.height - hidden) }, box);
  // The distance is in board pixels; the scroller scrolls screen pixels.
  const scale = gridScale(grid);
  if (dx || dy) scroller.scrollBy(dx * scale, dy * scale);
}

/** A zoom gesture is shown and not rendered yet (BoardCanvas): the window waits for it to rest. */
function zooming(grid: HTMLElement | null): boolean {
  return grid?.closest("[data-board-sizer]")?.hasAttribute("data-zooming") ?? false;
}

function visibleNow(grid: HTMLElement | null): Region | null {
  const scroller = boardScroller(grid);
  return grid && scroller ? visibleRegion(grid, scroller) : null;
}

/**
 * Windowing: the region of the grid worth rendering, the visible part plus an overscan margin.
 * It changes only when the visible part nears its edge, so the board's cost follows the screen,
 * not the board. Redrawn at once when part of the screen is not drawn; when only the margin got
 * thin (a scroll of a card or two, an arrow key's reveal), after the frame that shows the scroll,
 * so that frame does not also mount the next tracks.
 */
export function useGridWindow(gridRef: RefObject<HTMLElement | null>) {
  const [region, setRegion] = useState<Region>(() => expandRegion(DEFAULT_REGION));
  /** The region the canvas renders (or is about to), and the cancel of a redraw waiting for a paint. */
  const regionRef = useRef(region);
  const laterRef = useRef<(() => void) | null>(null);

  /** Renders the window around what is visible now, dropping a redraw that waited for a paint. */
  const redraw = useCallback((visible: Region) => {
    laterRef.current?.();
    laterRef.current = null;
    const next = expandRegion(visible);
    regionRef.current = next;
    setRegion(next);
  }, []);

  const measure = useCallback(
    (force = false) => {
      if (!force && zooming(gridRef.current)) return;
      const visible = visibleNow(gridRef.current);
      if (!visible) return;
      if (force || !regionContains(regionRef.current, visible)) return redraw(visible);
      if (laterRef.current || regionContains(expandRegion(regionRef.current, THIN_MARGIN), visible)) return;
      laterRef.current = afterNextPaint(() => {
        laterRef.current = null;
        if (zooming(gridRef.current)) return;
        const now = visibleNow(gridRef.current);
        if (now) redraw(now);
      });
    },
    [gridRef, redraw],
  );

  useLayoutEffect(() => {
    const scroller = boardScroller(gridRef.current);
    if (!scroller) {
      // A canvas outside any marked scroller cannot be windowed: it renders the whole board.
      regionRef.current = WHOLE_BOARD;
      setRegion(WHOLE_BOARD);
      return;
    }
    // Before the first paint after hydration: the server drew a default window, this is the real one.
    measure(true);
    const onScroll = () => measure();
    scroller.addEventListener("scroll", onScroll, { passive: true });
    const observer = new ResizeObserver(() => measure());
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener("scroll", onScroll);
      observer.disconnect();
      laterRef.current?.();
      laterRef.current = null;
    };
  }, [gridRef, measure]);

  /** Scrolls the board so that a box of the grid is in view, and renders what is then visible. */
  const reveal = useCallback(
    (box: Region) => {
      const grid = gridRef.current;
      const scroller = boardScroller(grid);
      if (!grid || !scroller) return;
      revealInScroller(grid, scroller, box);
      measure();
    },
    [gridRef, measure],
  );

  return { region, reveal, measure };
}
