"use client";

import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { DEFAULT_REGION, expandRegion, regionContains, scrollToReveal, type Region } from "./grid-window";

const WHOLE_BOARD: Region = { x: 0, y: 0, width: 1e9, height: 1e9 };

/** The scrolling element the board sits in (the editor's pane, the public page's main). */
export function boardScroller(grid: HTMLElement | null): HTMLElement | null {
  return grid?.closest<HTMLElement>("[data-board-scroller]") ?? null;
}

/** The part of the grid the scroller shows now, in the grid's own pixels. */
export function visibleRegion(grid: HTMLElement, scroller: HTMLElement): Region {
  const gridBox = grid.getBoundingClientRect();
  const scrollerBox = scroller.getBoundingClientRect();
  return {
    x: scrollerBox.left + scroller.clientLeft - gridBox.left,
    y: scrollerBox.top + scroller.clientTop - gridBox.top,
    width: scroller.clientWidth,
    height: scroller.clientHeight,
  };
}

/**
 * Windowing: the region of the grid worth rendering, the visible part plus an overscan margin.
 * It changes only when the visible part leaves it (scrolling within the margin renders nothing),
 * so the board's cost follows the screen, not the board.
 */
export function useGridWindow(gridRef: RefObject<HTMLElement | null>) {
  const [region, setRegion] = useState<Region>(() => expandRegion(DEFAULT_REGION));
  const regionRef = useRef(region);

  const measure = useCallback(
    (force = false) => {
      const grid = gridRef.current;
      const scroller = boardScroller(grid);
      if (!grid || !scroller) return;
      const visible = visibleRegion(grid, scroller);
      if (!force && regionContains(regionRef.current, visible)) return;
      const next = expandRegion(visible);
      regionRef.current = next;
      setRegion(next);
    },
    [gridRef],
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
    };
  }, [gridRef, measure]);

  /** Scrolls the board so that a box of the grid is in view, and renders what is then visible. */
  const reveal = useCallback(
    (box: Region) => {
      const grid = gridRef.current;
      const scroller = boardScroller(grid);
      if (!grid || !scroller) return;
      const { dx, dy } = scrollToReveal(visibleRegion(grid, scroller), box);
      if (dx || dy) scroller.scrollBy(dx, dy);
      measure();
    },
    [gridRef, measure],
  );

  return { region, reveal, measure };
}
