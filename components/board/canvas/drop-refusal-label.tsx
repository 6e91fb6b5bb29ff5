"use client";

import { createPortal } from "react-dom";

interface DropRefusalProps {
  reason: string;
  /** Where it is shown: the board's pane, over the board's top (the scroller's parent). */
  pane: HTMLElement | null;
}

/**
 * Why the drop a drag shows would be refused, said while the pointer is down: at the top of the
 * board's pane, at screen size, where neither the zoom, the frozen headers nor a phone's inspector
 * sheet hides it; the preview beside the pointer is red.
 */
export function DropRefusal({ reason, pane }: DropRefusalProps) {
  if (!pane) return null;
  return createPortal(
    <div
      role="status"
      data-drop-refusal
      className="pointer-events-none absolute top-10 left-1/2 z-40 w-max max-w-[calc(100%-2rem)] -translate-x-1/2 rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white shadow-md"
    >
      {reason}
    </div>,
    pane,
  );
}
