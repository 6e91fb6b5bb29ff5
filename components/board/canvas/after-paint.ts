"use client";

import { useEffect, useState } from "react";

/** Runs `task` in a task of its own after the next frame is painted (in a hidden tab: once it is shown). Returns its cancel. */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(task)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * An external store's value one frame late: what renders from it changes after the frame that
 * shows the change elsewhere, in a task of its own, and never renders in that frame. The inspector
 * follows the selection this way, so an arrow key's frame holds only the canvas's part
 * (docs/ARCHITECTURE.md, "The board in the browser: an arrow key's frame").
 */
export function usePaintedSnapshot<T>(subscribe: (listener: () => void) => () => void, getSnapshot: () => T): T {
  const [painted, setPainted] = useState(getSnapshot);
  useEffect(() => {
    let cancel: (() => void) | null = null;
    const follow = () => {
      cancel?.();
      cancel = afterNextPaint(() => {
        cancel = null;
        setPainted(getSnapshot());
      });
    };
    follow(); // a change between the first render and this effect
    const unsubscribe = subscribe(follow);
    return () => {
      unsubscribe();
      cancel?.();
    };
  }, [subscribe, getSnapshot]);
  return painted;
}
