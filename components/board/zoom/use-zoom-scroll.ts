"use client";

import { useLayoutEffect, type RefObject } from "react";
import { boardScroller } from "../grid/use-grid-window";
import type { ZoomView } from "./zoom-store";

/**
 * A new zoom, once the canvas is drawn at it and before that frame is painted: the scroller goes
 * where the zoom asked (the point under the pointer stays put; a gesture's steps scrolled already),
 * the gesture is over for the window, and the window is measured again, so the frame shows the
 * right cards at the right place.
 */
export function useZoomScroll(gridRef: RefObject<HTMLElement | null>, view: ZoomView | undefined, measure: (force?: boolean) => void) {
  useLayoutEffect(() => {
    if (!view) return;
    const grid = gridRef.current;
    grid?.closest<HTMLElement>("[data-board-sizer]")?.removeAttribute("data-zooming");
    const scroller = boardScroller(grid);
    if (scroller && view.scrollTo) {
      scroller.scrollLeft = view.scrollTo.left;
      scroller.scrollTop = view.scrollTo.top;
    }
    // After a gesture's rest the window was measured with the zoom (BoardCanvas): it is redrawn only if the screen outgrew it.
    measure(!view.rested);
  }, [gridRef, view, measure]);
}
