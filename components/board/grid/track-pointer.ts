import { boardScroller } from "./use-grid-window";

/** How close to the scroller's edge (px) the pointer starts the board scrolling during a drag. */
const AUTO_SCROLL_EDGE = 40;

/** How far to scroll per frame for a pointer near the scroller's edge (faster the closer it is). */
function edgeSpeed(scroller: HTMLElement, event: PointerEvent): { dx: number; dy: number } {
  const box = scroller.getBoundingClientRect();
  const speed = (before: number, after: number) =>
    before < AUTO_SCROLL_EDGE
      ? -Math.ceil((AUTO_SCROLL_EDGE - Math.max(0, before)) / 3)
      : after < AUTO_SCROLL_EDGE
        ? Math.ceil((AUTO_SCROLL_EDGE - Math.max(0, after)) / 3)
        : 0;
  return { dx: speed(event.clientX - box.left, box.right - event.clientX), dy: speed(event.clientY - box.top, box.bottom - event.clientY) };
}

/**
 * Pointer tracking for drags on the grid: `onMove` runs on every move and again on every frame the
 * board auto-scrolls (the pointer resting near an edge), so the target follows the scrolled board.
 * `onEnd` runs once, on pointerup or pointercancel.
 */
export function trackPointer(grid: HTMLElement | null, onMove: (event: PointerEvent) => void, onEnd: (event: PointerEvent, cancelled: boolean) => void): void {
  let last: PointerEvent | null = null;
  let frame = 0;
  let previous = 0;
  const tick = (now: number) => {
    frame = 0;
    const scroller = boardScroller(grid);
    if (!last || !scroller) return;
    const { dx, dy } = edgeSpeed(scroller, last);
    if (!dx && !dy) {
      previous = 0;
      return;
    }
    // The speed is per 60 Hz frame: slower frames scroll further, so the board moves as fast on a busy machine.
    const frames = previous ? Math.min(6, (now - previous) / (1000 / 60)) : 1;
    previous = now;
    const before = { left: scroller.scrollLeft, top: scroller.scrollTop };
    scroller.scrollBy(Math.round(dx * frames), Math.round(dy * frames));
    if (scroller.scrollLeft === before.left && scroller.scrollTop === before.top) return;
    onMove(last);
    frame = requestAnimationFrame(tick);
  };
  const move = (event: PointerEvent) => {
    last = event;
    onMove(event);
    if (!frame) frame = requestAnimationFrame(tick);
  };
  const up = (event: PointerEvent) => finish(event, false);
  const cancel = (event: PointerEvent) => finish(event, true);
  function finish(event: PointerEvent, cancelled: boolean) {
    if (frame) cancelAnimationFrame(frame);
    last = null;
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", cancel);
    onEnd(event, cancelled);
  }
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", cancel);
}
