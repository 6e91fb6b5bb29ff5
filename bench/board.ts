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
 * - JS heap used after a forced garbage collection;
 * - the public page of the same board: first card.
 *
 * Builds when stale (the same .next as the tests), makes a fresh database next to DATABASE_URL's,
 * starts `next start`, prints a table and writes bench/board-results.json.
 * Environment: BOARD_BENCH_RUNS (loads per board, default 3), CHROMIUM_PATH.
 */
import { writeFileSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { seedBoard } from "./board-seed";
import { createBenchDatabase } from "./database";
import { startApp } from "./server";

const RUNS = Math.max(1, Number(process.env.BOARD_BENCH_RUNS ?? 3));
const KEYS = 24;
const log = (line: string) => console.error(`[bench:board] ${line}`);

/** Installed before any page script: the clocks the figures are read from. */
const PROBES = `
(() => {
  const probe = (window.__bench = { firstCard: null, longTasks: [], keys: [], frames: [], recordFrames: false });
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
  firstCard: number | null;
  longTasks: { start: number; duration: number }[];
  keys: number[];
  frames: number[];
}

interface Figures {
  firstCardMs: number;
  longestTaskAfterFirstCardMs: number;
  arrowKeyMs: { median: number; max: number };
  editorKeyMs: { median: number; max: number };
  dragLongestFrameMs: number;
  heapMb: number;
  domNodes: number;
  publicFirstCardMs: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
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
    heapMb: pick((f) => f.heapMb),
    domNodes: pick((f) => f.domNodes),
    publicFirstCardMs: pick((f) => f.publicFirstCardMs),
  };
}

async function main() {
  const { ensureBuild } = await import("../scripts/ensure-build");
  await ensureBuild({ log });
  const database = await createBenchDatabase();
  const app = await startApp({ DATABASE_URL: database.url, AUTH_SECRET: "bench-board-secret-0123456789abcdef", LOG_LEVEL: "warn" });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  try {
    const setup = await browser.newContext({ baseURL: app.baseUrl });
    const page = await setup.newPage();
    await page.goto("/sign-up");
    await page.getByLabel("Name").fill("Bench Board");
    await page.getByLabel("Email").fill(`bench-board-${Date.now()}@example.test`);
    await page.getByLabel("Password").fill("correct-horse-42");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    log("seeding a 20 x 20 and a 100 x 100 board…");
    const boards = { small: await seedBoard(page, 20, 20), large: await seedBoard(page, 100, 100) };
    const storageState = await setup.storageState();
    await setup.close();

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
      ["JS heap after GC (MB)", small.heapMb, large.heapMb],
      ["DOM elements", small.domNodes, large.domNodes],
      ["public page first card (ms)", small.publicFirstCardMs, large.publicFirstCardMs],
    ];
    console.log(`\nBoard in Chromium, production build; medians of ${RUNS} runs per board, interleaved\n`);
    console.log(`| figure | 20 × 20 | 100 × 100 | ratio |\n|---|---|---|---|`);
    for (const [label, a, b] of rows) console.log(`| ${label} | ${a} | ${b} | ${a > 0 ? round(b / a, 2) : "–"} |`);
    writeFileSync("bench/board-results.json", JSON.stringify({ runs: RUNS, small, large, raw: runs }, null, 2));
  } finally {
    await browser.close();
    await app.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
