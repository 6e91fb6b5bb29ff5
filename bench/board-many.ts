/**
 * `npm run bench:board-many`: the board's gestures over many cards, in Chromium on the production
 * build (docs/PERFORMANCE.md, "Design decisions"). On a 20 x 20 board (400 cards, the baseline)
 * and a 100 x 100 one (10,000 cards), measured in the same run and interleaved:
 *
 * - the baseline: an arrow key from card to card, the key event's timestamp to the end of the next
 *   frame (median), on the same page just before, so the figures below can be read as ratios to
 *   it whatever the shared machine's load;
 * - select all (Ctrl+A): the key event's timestamp to the end of the next frame;
 * - dragging the whole selection: every frame's length while the pointer moves (p95 and longest),
 *   and the p95 as a ratio to the arrow key's median;
 * - a paste of a 50 x 40 table (2,000 cells) from the clipboard into an empty board: the key to the
 *   frame that shows the pasted cards (all of the screen's); the key to its one request's start and
 *   to the server's answer (the request's resource timing, whatever the page does after); and the
 *   key to the page being free again after the answer. The same beside it without the device queue
 *   (IndexedDB removed, as bench/board-device-queue.ts does): what writing the change to the device
 *   before it is sent costs (docs/SAVING.md).
 *
 * Builds when stale, makes a fresh database next to DATABASE_URL's, starts `next start`, prints a
 * table and writes bench/board-many-results.json. Environment: BOARD_BENCH_RUNS (default 3), CHROMIUM_PATH.
 */
import { writeFileSync } from "node:fs";
import { type Browser, type BrowserContext, type Page } from "@playwright/test";
import { api } from "./board-seed";
import { NO_DEVICE_QUEUE, openBoardBenchSession } from "./board-bench-session";

const RUNS = Math.max(1, Number(process.env.BOARD_BENCH_RUNS ?? 3));
const log = (line: string) => console.error(`[bench:board-many] ${line}`);

/** Installed before any page script: a clock per key (to the end of its frame) and per frame. */
const PROBES = `
(() => {
  const probe = (window.__bench = { keys: [], frames: [], recordFrames: false });
  const afterFrame = (done) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(performance.now());
    channel.port2.postMessage(null);
  });
  addEventListener("keydown", (event) => {
    const started = event.timeStamp;
    afterFrame((at) => probe.keys.push({ key: event.key, ms: at - started, at: started }));
  }, true);
  let last = 0;
  const tick = (now) => {
    if (probe.recordFrames && last) probe.frames.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();
`;

interface Probe {
  keys: { key: string; ms: number; at: number }[];
  frames: number[];
  recordFrames: boolean;
}

interface Figures {
  arrowKeyMs: number;
  selectAllMs: number;
  dragFrameP95Ms: number;
  dragLongestFrameMs: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
};
const median = (values: number[]) => percentile(values, 50);
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const probeOf = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Probe }).__bench);

async function measureSelection(
  browser: Browser,
  storageState: Awaited<ReturnType<BrowserContext["storageState"]>>,
  baseUrl: string,
  boardId: string,
): Promise<Figures> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    storageState,
  });
  await context.addInitScript(PROBES);
  const page = await context.newPage();
  await page.goto(`/snaps/${boardId}`);
  await page.locator("[data-board-root][data-ready]").waitFor();
  // Every card is loaded (the rest of the board comes after the first window).
  await page.waitForFunction(() => !document.querySelector('[role="grid"][aria-busy="true"]'));
  await page.waitForTimeout(1000);

  const card = page.locator('[data-card-id][aria-rowindex="2"][aria-colindex="2"]');
  await card.click();
  // The baseline: right and back, a card at a time.
  const arrows: number[] = [];
  for (let index = 0; index < 12; index += 1) {
    const count = (await probeOf(page)).keys.length;
    await page.keyboard.press(index < 6 ? "ArrowRight" : "ArrowLeft");
    await page.waitForFunction((seen) => (window as unknown as { __bench: Probe }).__bench.keys.length > seen, count);
    arrows.push((await probeOf(page)).keys[count]!.ms);
  }
  const before = (await probeOf(page)).keys.length;
  await page.keyboard.press("ControlOrMeta+a");
  await page.waitForFunction((count) => (window as unknown as { __bench: Probe }).__bench.keys.length > count, before);
  const selectAllMs = (await probeOf(page)).keys[before]!.ms;
  await page.locator("[data-selection-count]").waitFor();

  // Drag the whole selection: the pointer moves 60 steps over about 5 columns and back.
  const box = (await card.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.evaluate(() => ((window as unknown as { __bench: Probe }).__bench.recordFrames = true));
  for (let step = 1; step <= 60; step += 1) {
    const offset = (step <= 30 ? step : 60 - step) * 30;
    await page.mouse.move(box.x + box.width / 2 + offset, box.y + box.height / 2 + offset / 3);
  }
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const frames = (await probeOf(page)).frames;
  await page.evaluate(() => window.dispatchEvent(new PointerEvent("pointercancel")));
  await page.mouse.up();
  await context.close();
  return {
    arrowKeyMs: median(arrows),
    selectAllMs,
    dragFrameP95Ms: percentile(frames, 95),
    dragLongestFrameMs: Math.max(0, ...frames),
  };
}

/** A 50 x 40 table pasted into an empty board: the key to the frame that shows it, and to the server's answer. */
interface PasteFigures {
  shownMs: number;
  sentMs: number;
  answeredMs: number;
  freeMs: number;
}

async function measurePaste(
  browser: Browser,
  storageState: Awaited<ReturnType<BrowserContext["storageState"]>>,
  baseUrl: string,
  { deviceQueue }: { deviceQueue: boolean },
): Promise<PasteFigures> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    storageState,
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await context.addInitScript((deviceQueue ? "" : NO_DEVICE_QUEUE) + "performance.setResourceTimingBufferSize(10000);" + PROBES);
  const page = await context.newPage();
  await page.goto("/");
  const { snap } = await api(page, "POST", "/api/snaps", {
    title: "Paste bench",
    rows: 1,
    cols: 1,
  });
  await api(page, "DELETE", `/api/snaps/cards/${snap.cards[0].id}`);
  await page.goto(`/snaps/${snap.id}`);
  await page.locator("[data-board-root][data-ready]").waitFor();
  const table = Array.from({ length: 50 }, (_, row) => Array.from({ length: 40 }, (_, col) => `R${row + 1}C${col + 1}`).join("\t")).join("\n");
  await page.evaluate((text) => navigator.clipboard.writeText(text), table);
  await page.getByRole("button", { name: "Add card at row 1, column 1" }).focus();
  const answered = page.waitForResponse((response) => response.url().endsWith(`/api/snaps/${snap.id}/changes`));
  const pressedAt = await page.evaluate(() => performance.now());
  await page.keyboard.press("ControlOrMeta+v");
  // The frame that shows the paste: the selection of 2,000 counted, the screen's last visible card there.
  await page.locator("[data-selection-count]", { hasText: "2,000 cards selected" }).waitFor();
  const shownAt = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const bench = (window as unknown as { __bench: Probe }).__bench;
        const key = bench.keys.find((entry) => entry.key === "v");
        resolve(key ? key.at + key.ms : performance.now());
      }),
  );
  const response = await answered;
  const freeAt = await page.evaluate(() => performance.now());
  // The request's timing entry is there once its body has been read.
  await page.waitForFunction(() => performance.getEntriesByType("resource").some((resource) => resource.name.endsWith("/changes")));
  const timing = await page.evaluate(() => {
    const entry = performance.getEntriesByType("resource").find((resource) => resource.name.endsWith("/changes")) as PerformanceResourceTiming;
    return { sentAt: entry.requestStart, answeredAt: entry.responseEnd };
  });
  const cards = (await api(page, "GET", `/api/snaps/${snap.id}`)).snap.cards.length;
  await context.close();
  if (!response.ok() || cards !== 2000) throw new Error(`paste: ${response.status()}, ${cards} cards`);
  return {
    shownMs: shownAt - pressedAt,
    sentMs: timing.sentAt - pressedAt,
    answeredMs: timing.answeredAt - pressedAt,
    freeMs: freeAt - pressedAt,
  };
}

async function main() {
  const session = await openBoardBenchSession("bench-many", log);
  const { browser, storageState, boards } = session;
  const app = { baseUrl: session.baseUrl };
  try {
    // A first pass of each warms the server's routes and caches; not counted.
    for (const board of Object.values(boards)) await measureSelection(browser, storageState, app.baseUrl, board.id);
    await measurePaste(browser, storageState, app.baseUrl, {
      deviceQueue: true,
    });
    const runs: {
      small: Figures[];
      large: Figures[];
      paste: PasteFigures[];
      pasteWithoutDevice: PasteFigures[];
    } = {
      small: [],
      large: [],
      paste: [],
      pasteWithoutDevice: [],
    };
    for (let run = 0; run < RUNS; run += 1) {
      log(`run ${run + 1} of ${RUNS}`);
      runs.small.push(await measureSelection(browser, storageState, app.baseUrl, boards.small.id));
      runs.large.push(await measureSelection(browser, storageState, app.baseUrl, boards.large.id));
      runs.paste.push(
        await measurePaste(browser, storageState, app.baseUrl, {
          deviceQueue: true,
        }),
      );
      runs.pasteWithoutDevice.push(
        await measurePaste(browser, storageState, app.baseUrl, {
          deviceQueue: false,
        }),
      );
    }
    const pick = (list: Figures[], get: (figures: Figures) => number) => round(median(list.map(get)));
    const ratio = (list: Figures[]) => round(median(list.map((f) => f.dragFrameP95Ms / f.arrowKeyMs)), 2);
    const rows: [string, number, number][] = [
      ["baseline: arrow key to next frame, median (ms)", pick(runs.small, (f) => f.arrowKeyMs), pick(runs.large, (f) => f.arrowKeyMs)],
      ["select all (Ctrl+A) to next frame (ms)", pick(runs.small, (f) => f.selectAllMs), pick(runs.large, (f) => f.selectAllMs)],
      ["dragging the whole selection, frame p95 (ms)", pick(runs.small, (f) => f.dragFrameP95Ms), pick(runs.large, (f) => f.dragFrameP95Ms)],
      ["dragging the whole selection, longest frame (ms)", pick(runs.small, (f) => f.dragLongestFrameMs), pick(runs.large, (f) => f.dragLongestFrameMs)],
      ["dragging, frame p95 ÷ arrow key median", ratio(runs.small), ratio(runs.large)],
    ];
    console.log(`\nMany cards at once, Chromium, production build; medians of ${RUNS} runs, interleaved\n`);
    console.log(`| figure | 20 × 20 | 100 × 100 | ratio |\n|---|---|---|---|`);
    for (const [label, a, b] of rows) console.log(`| ${label} | ${a} | ${b} | ${a > 0 ? round(b / a, 2) : "–"} |`);
    const pasteMedians = (list: PasteFigures[]) => ({
      shownMs: round(median(list.map((paste) => paste.shownMs))),
      sentMs: round(median(list.map((paste) => paste.sentMs))),
      answeredMs: round(median(list.map((paste) => paste.answeredMs))),
      freeMs: round(median(list.map((paste) => paste.freeMs))),
    });
    const paste = pasteMedians(runs.paste);
    const withoutDevice = pasteMedians(runs.pasteWithoutDevice);
    console.log(`\nPaste of a 50 × 40 table (2,000 cards, one request), ms after the key\n`);
    console.log(`| | on screen | request sent | answered | page free after it |\n|---|---|---|---|---|`);
    console.log(`| written to the device first | ${paste.shownMs} | ${paste.sentMs} | ${paste.answeredMs} | ${paste.freeMs} |`);
    console.log(`| without the device queue | ${withoutDevice.shownMs} | ${withoutDevice.sentMs} | ${withoutDevice.answeredMs} | ${withoutDevice.freeMs} |\n`);
    writeFileSync("bench/board-many-results.json", JSON.stringify({ runs: RUNS, raw: runs, paste, pasteWithoutDevice: withoutDevice }, null, 2));
  } finally {
    await session.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
