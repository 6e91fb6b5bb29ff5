/**
 * The zoom sequence the browser benches measure (bench/board.ts, bench/board-zoom-trace.ts):
 * Ctrl+wheel out from 100 % a notch at a time to the fit of the whole board, a rest, back in to
 * 200 %, a rest, then fit (Shift+1) and back to 100 % (Ctrl+0), each followed by its rest.
 */
import type { Page } from "@playwright/test";

/** Waits for two frames, so that what an input scheduled is painted and probed. */
export const twoFrames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Waits for a zoom gesture to rest (the board rendered at the zoom shown) and for the frame after. */
export async function zoomRested(page: Page) {
  await page.waitForFunction(() => !document.querySelector("[data-board-sizer][data-zooming]"));
  await twoFrames(page);
}

/** Runs the sequence with the pointer over the middle of the board. */
export async function zoomGesture(page: Page) {
  const scroller = (await page.locator("[data-board-scroller]").boundingBox())!;
  await page.mouse.move(scroller.x + scroller.width / 2, scroller.y + scroller.height / 2);
  await page.keyboard.down("Control");
  for (let notch = 0; notch < 12; notch += 1) {
    await page.mouse.wheel(0, 100);
    await twoFrames(page);
  }
  await zoomRested(page);
  for (let notch = 0; notch < 16; notch += 1) {
    await page.mouse.wheel(0, -100);
    await twoFrames(page);
  }
  await zoomRested(page);
  await page.keyboard.up("Control");
  await page.keyboard.press("Shift+Digit1");
  await zoomRested(page);
  await page.keyboard.press("Control+0");
  await zoomRested(page);
}

/**
 * Browser source of the frame loop that finds frames showing a new zoom: the zoom a frame's
 * rendering drew (read in a task after it) differs from the frame before's. Its length is the time to
 * the next frame, whether the zoom came in a requestAnimationFrame callback (the wheel's steps) or an
 * event handler (the keys'). `onFrame` and `onZoomFrame` are statements run with `length` (ms) and
 * `zoom` in scope; bench/board.ts keeps them, bench/board-zoom-trace.ts marks them in its trace.
 */
export function zoomFrameLoop({ onFrame = "", onZoomFrame }: { onFrame?: string; onZoomFrame: string }): string {
  return `{
  let last = 0;
  let drawnBefore = null;
  let drawn = null;
  const zoomNow = () => document.querySelector("[data-board-sizer]")?.getAttribute("data-zoom") ?? null;
  const tick = (now) => {
    const length = now - last;
    if (last) { ${onFrame} }
    drawn ??= zoomNow();
    if (drawnBefore !== null && drawn !== null && drawn !== drawnBefore && last) { const zoom = drawn; ${onZoomFrame} }
    drawnBefore = drawn;
    drawn = null;
    last = now;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { drawn = zoomNow(); };
    channel.port2.postMessage(null);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}`;
}
