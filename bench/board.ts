/**
 * `npm run bench:board`: the board editor as a person meets it, in Chromium on the production build
 * (docs/PERFORMANCE.md, "Design decisions"). A 20 x 20 board (400 cards) and a 100 x 100
 * board (10,000 cards, the most the API allows), both with text and a few lines, measured in the
 * same run and interleaved, so that the noisy shared machine weighs on both alike:
 *
 * - first card: navigation start to the frame after the first card is in the DOM;
 * - longest main-thread task after that (Long Tasks API, tasks over 50 ms; "none" below);
 * - arrow key and inline-editor keystroke: the key event's timestamp to the end of the next frame
 *   (a task posted from that frame's requestAnimationFrame runs once the frame is rendered);
 * - a drag across 10 columns: the longest frame while dragging;
 * - zoom: Ctrl+wheel out from 100 % to the fit of the whole board, a notch at a time, a rest, back
 *   in to 200 %, a rest, then fit (Shift+1) and back to 100 % (Ctrl+0), each followed by its rest
 *   (bench/board-zoom-gesture.ts): the frames that painted a new zoom, p95 and max, and every frame
 *   from the first notch to the last rest, p95 and max, which counts the render once a gesture
 *   rests. A frame is requestAnimationFrame's time to the next one (an interval, not input to
 *   paint: 16.7 ms is a frame on time at 60 Hz, what a frame that does nothing measures), counted
 *   for the frame whose rendering drew the step, a key's step as well as the wheel's; each also as
 *   a ratio to the arrow key's median in the same run, the baseline that carries the machine's load;
 * - JS heap used after a forced garbage collection;
 * - the public page of the same board: first card.
 *
 * Builds when stale (the same .next as the tests), makes a fresh database next to DATABASE_URL's,
 * starts `next start`, prints a table and writes bench/board-results.json.
 * Environment: BOARD_BENCH_RUNS (loads per board, default 3), CHROMIUM_PATH.
 */
import { writeFileSync } from "node:fs";
import { type Browser, type BrowserContext, type Page } from "@playwright/test";
import { openBoardBenchSession } from "./board-bench-session";
import { zoomFrameLoop, zoomGesture } from "./board-zoom-gesture";

const RUNS = Math.max(1, Number(process.env.BOARD_BENCH_RUNS ?? 3));
const KEYS = 24;
const log = (line: string) => console.error(`[bench:board] ${line}`);

/** Installed before any page script: the clocks the figures are read from. */
const PROBES = `
(() => {
  const probe = (window.__bench = { firstCard: null, longTasks: [], keys: [], frames: [], recordFrames: false, zoomFrames: [] });
  const afterFrame = (done) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(performance.now());
    channel.port2.postMessage(null);
  });
  const observer = new MutationObserver(() => {
    if (!document.querySelector("[data-card-id]")) return;
    observer.disconnect();
    afterFrame((at) => { probe.firstCard = at; });
  });
  observer.observe(document, { childList: true, subtree: true });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {}
  addEventListener("keydown", (event) => {
    const started = event.timeStamp;
    afterFrame((at) => probe.keys.push(at - started));
  }, true);
  ${zoomFrameLoop({ onFrame: "if (probe.recordFrames) probe.frames.push(length);", onZoomFrame: "probe.zoomFrames.push(length);" })}
})();
`;

interface Probe {
  firstCard: number | null;
  longTasks: { start: number; duration: number }[];
  keys: number[];
  frames: number[];
  zoomFrames: number[];
}

interface Figures {
  firstCardMs: number;
  longestTaskAfterFirstCardMs: number;
  arrowKeyMs: { median: number; max: number };
  editorKeyMs: { median: number; max: number };
  dragLongestFrameMs: number;
  zoomFrameMs: { p95: number; max: number; count: number };
  zoomAllFrameMs: { p95: number; max: number; count: number };
  /** Each frame with a new zoom, in order (raw runs only, in bench/board-results.json: which step was slow). */
  zoomFramesMs?: number[];
  heapMb: number;
  domNodes: number;
  publicFirstCardMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
};
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const probeOf = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);

async function waitForFirstCard(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { __bench: Probe }).__bench.firstCard !== null);
  return (await probeOf(page)).firstCard!;
}

/** Presses a key and waits for its frame to be measured; returns the measurement. */
async function timedKey(page: Page, key: string): Promise<number> {
  const before = (await probeOf(page)).keys.length;
  await page.keyboard.press(key);
  await page.waitForFunction((count) => (window as unknown as { __bench: Probe }).__bench.keys.length > count, before);
  return (await probeOf(page)).keys[before]!;
}

async function heapMb(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  await session.send("HeapProfiler.collectGarbage");
  const { usedSize } = await session.send("Runtime.getHeapUsage");
  await session.detach();
  return usedSize / 1024 / 1024;
}

/**
 * Zooming by wheel (out, in), fit and reset, each gesture followed by its rest: the frames that
 * painted a new zoom, and every frame of the whole sequence (the renders once gestures rest included), in ms.
 */
async function measureZoom(page: Page): Promise<{ shown: number[]; all: number[] }> {
  const before = await probeOf(page);
  const record = (on: boolean) =>
    page.evaluate((value) => ((window as unknown as { __bench: Probe & { recordFrames: boolean } }).__bench.recordFrames = value), on);
  await record(true);
  await zoomGesture(page);
  await record(false);
  const after = await probeOf(page);
  return { shown: after.zoomFrames.slice(before.zoomFrames.length), all: after.frames.slice(before.frames.length) };
}

async function measureBoard(
  browser: Browser,
  storageState: Awaited<ReturnType<BrowserContext["storageState"]>>,
  baseUrl: string,
  board: { id: string; token: string },
): Promise<Figures> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 }, storageState });
  await context.addInitScript(PROBES);
  const page = await context.newPage();

  await page.goto(`/snaps/${board.id}`);
  const firstCardMs = await waitForFirstCard(page);
  await page.locator("[data-board-root][data-ready]").waitFor();
  // Let hydration's and the live stream's work finish before reading the long tasks.
  await page.waitForTimeout(1500);
  const loaded = await probeOf(page);
  const longestTaskAfterFirstCardMs = Math.max(0, ...loaded.longTasks.filter((task) => task.start + task.duration > firstCardMs).map((task) => task.duration));
  const domNodes = await page.evaluate(() => document.getElementsByTagName("*").length);
  const heap = await heapMb(page);

  // Arrow keys from the first card: right along the row, then down, past the first screen.
  await page.locator('[role="gridcell"][data-card-id]').first().click();
  const arrows: number[] = [];
  for (let index = 0; index < KEYS; index += 1) arrows.push(await timedKey(page, index < KEYS / 2 ? "ArrowRight" : "ArrowDown"));

  // Zoom: Ctrl+wheel out a notch at a time to the floor, back in to 200 %, then fit and 100 %.
  const zoom = await measureZoom(page);

  // Keystrokes in the inline editor of the selected card, then cancelled.
  await page.keyboard.press("Enter");
  await page.getByRole("textbox", { name: "Card text" }).waitFor();
  const typing: number[] = [];
  for (const key of "abcdefghijklmnopqrstuvwx") typing.push(await timedKey(page, key));
  await page.keyboard.press("Escape");
  await context.close();

  // A drag across 10 columns, on a screen wide enough to show them.
  const wide = await browser.newContext({ baseURL: baseUrl, viewport: { width: 2800, height: 900 }, storageState });
  await wide.addInitScript(PROBES);
  const dragPage = await wide.newPage();
  await dragPage.goto(`/snaps/${board.id}`);
  await dragPage.locator("[data-board-root][data-ready]").waitFor();
  const from = (await dragPage.locator('[data-card-id][aria-rowindex="2"][aria-colindex="1"]').boundingBox())!;
  const to = (await dragPage.locator('[data-card-id][aria-rowindex="2"][aria-colindex="11"]').boundingBox())!;
  await dragPage.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await dragPage.mouse.down();
  await dragPage.evaluate(() => ((window as unknown as { __bench: Probe & { recordFrames: boolean } }).__bench.recordFrames = true));
  const steps = 60;
  for (let step = 1; step <= steps; step += 1) {
    await dragPage.mouse.move(from.x + from.width / 2 + ((to.x - from.x) * step) / steps, from.y + from.height / 2);
  }
  await dragPage.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const frames = (await probeOf(dragPage)).frames;
  // Dropped outside any change: the card goes back (pointercancel), the board stays as seeded.
  await dragPage.evaluate(() => window.dispatchEvent(new PointerEvent("pointercancel")));
  await dragPage.mouse.up();
  await wide.close();

  // The public page, signed out.
  const anonymous = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  await anonymous.addInitScript(PROBES);
  const publicPage = await anonymous.newPage();
  await publicPage.goto(`/s/${board.token}`);
  const publicFirstCardMs = await waitForFirstCard(publicPage);
  await anonymous.close();

  return {
    firstCardMs,
    longestTaskAfterFirstCardMs,
    arrowKeyMs: { median: median(arrows), max: Math.max(...arrows) },
    editorKeyMs: { median: median(typing), max: Math.max(...typing) },
    dragLongestFrameMs: Math.max(0, ...frames),
    zoomFrameMs: { p95: percentile(zoom.shown, 0.95), max: Math.max(0, ...zoom.shown), count: zoom.shown.length },
    zoomAllFrameMs: { p95: percentile(zoom.all, 0.95), max: Math.max(0, ...zoom.all), count: zoom.all.length },
    zoomFramesMs: zoom.shown.map((ms) => round(ms)),
    heapMb: heap,
    domNodes,
    publicFirstCardMs,
  };
}

function summarize(runs: Figures[]): Figures {
  const pick = (get: (figures: Figures) => number) => round(median(runs.map(get)));
  return {
    firstCardMs: pick((f) => f.firstCardMs),
    longestTaskAfterFirstCardMs: pick((f) => f.longestTaskAfterFirstCardMs),
    arrowKeyMs: { median: pick((f) => f.arrowKeyMs.median), max: pick((f) => f.arrowKeyMs.max) },
    editorKeyMs: { median: pick((f) => f.editorKeyMs.median), max: pick((f) => f.editorKeyMs.max) },
    dragLongestFrameMs: pick((f) => f.dragLongestFrameMs),
    zoomFrameMs: { p95: pick((f) => f.zoomFrameMs.p95), max: pick((f) => f.zoomFrameMs.max), count: pick((f) => f.zoomFrameMs.count) },
    zoomAllFrameMs: { p95: pick((f) => f.zoomAllFrameMs.p95), max: pick((f) => f.zoomAllFrameMs.max), count: pick((f) => f.zoomAllFrameMs.count) },
    heapMb: pick((f) => f.heapMb),
    domNodes: pick((f) => f.domNodes),
    publicFirstCardMs: pick((f) => f.publicFirstCardMs),
  };
}

async function main() {
  const session = await openBoardBenchSession("bench-board", log);
  const { browser, storageState, boards } = session;
  const app = { baseUrl: session.baseUrl };
  try {
    // A first load of each warms the server's route code and caches; not counted.
    for (const board of Object.values(boards)) await measureBoard(browser, storageState, app.baseUrl, board);
    const runs: { small: Figures[]; large: Figures[] } = { small: [], large: [] };
    for (let run = 0; run < RUNS; run += 1) {
      log(`run ${run + 1} of ${RUNS}`);
      runs.small.push(await measureBoard(browser, storageState, app.baseUrl, boards.small));
      runs.large.push(await measureBoard(browser, storageState, app.baseUrl, boards.large));
    }
    const small = summarize(runs.small);
    const large = summarize(runs.large);
    const rows: [string, number, number][] = [
      ["first card (ms)", small.firstCardMs, large.firstCardMs],
      ["longest task after first card (ms, 0 = none over 50)", small.longestTaskAfterFirstCardMs, large.longestTaskAfterFirstCardMs],
      ["arrow key to next frame, median (ms)", small.arrowKeyMs.median, large.arrowKeyMs.median],
      ["arrow key to next frame, max (ms)", small.arrowKeyMs.max, large.arrowKeyMs.max],
      ["editor keystroke to next frame, median (ms)", small.editorKeyMs.median, large.editorKeyMs.median],
      ["editor keystroke to next frame, max (ms)", small.editorKeyMs.max, large.editorKeyMs.max],
      ["drag across 10 columns, longest frame (ms)", small.dragLongestFrameMs, large.dragLongestFrameMs],
      ["zoom (wheel, fit, 100 %), frames with a new zoom, p95 (ms)", small.zoomFrameMs.p95, large.zoomFrameMs.p95],
      ["zoom, longest frame with a new zoom (ms)", small.zoomFrameMs.max, large.zoomFrameMs.max],
      ["zoom, frames with a new zoom (count)", small.zoomFrameMs.count, large.zoomFrameMs.count],
      ["zoom, every frame of the sequence (rests' renders included), p95 (ms)", small.zoomAllFrameMs.p95, large.zoomAllFrameMs.p95],
      ["zoom, every frame of the sequence, longest (ms)", small.zoomAllFrameMs.max, large.zoomAllFrameMs.max],
      ["zoom, every frame of the sequence (count)", small.zoomAllFrameMs.count, large.zoomAllFrameMs.count],
      [
        "zoom p95 (new zoom) ÷ arrow key median",
        round(small.zoomFrameMs.p95 / small.arrowKeyMs.median, 2),
        round(large.zoomFrameMs.p95 / large.arrowKeyMs.median, 2),
      ],
      [
        "zoom p95 (every frame) ÷ arrow key median",
        round(small.zoomAllFrameMs.p95 / small.arrowKeyMs.median, 2),
        round(large.zoomAllFrameMs.p95 / large.arrowKeyMs.median, 2),
      ],
      ["JS heap after GC (MB)", small.heapMb, large.heapMb],
      ["DOM elements", small.domNodes, large.domNodes],
      ["public page first card (ms)", small.publicFirstCardMs, large.publicFirstCardMs],
    ];
    console.log(`\nBoard in Chromium, production build; medians of ${RUNS} runs per board, interleaved\n`);
    console.log(`| figure | 20 × 20 | 100 × 100 | ratio |\n|---|---|---|---|`);
    for (const [label, a, b] of rows) console.log(`| ${label} | ${a} | ${b} | ${a > 0 ? round(b / a, 2) : "–"} |`);
    writeFileSync("bench/board-results.json", JSON.stringify({ runs: RUNS, small, large, raw: runs }, null, 2));
  } finally {
    await session.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
