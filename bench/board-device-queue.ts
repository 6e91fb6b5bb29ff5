/**
 * `npm run bench:board-queue`: what writing each gesture to the device costs, and how fast a backlog
 * made offline reaches the server (docs/SAVING.md), on the 100 × 100 board of bench/board-seed.ts,
 * in Chromium on the production build:
 *
 * - a title typed and committed (a key, then Enter: one change of one card), from Enter's event to
 *   the end of the next frame, p50 and p95, with the device queue and without it (IndexedDB removed
 *   before the page's scripts run, so the board keeps its changes in memory only), one gesture of
 *   each in turn, each side on a 100 × 100 board of its own (so neither page applies the other's
 *   live events), so the machine's load weighs on both alike;
 * - the main thread's time inside IndexedDB's calls (the request's copy into the database) between
 *   Enter and that frame, p50 and p95: the device write's own share of the gesture, which the
 *   difference of the two sides' p95 only bounds when the machine is busy;
 * - 1,000 such changes made while the browser is offline, then the network back: the time until the
 *   server has all of them (read back through GET …/range).
 *
 * Environment: QUEUE_BENCH_GESTURES (per side, default 100), QUEUE_BENCH_BACKLOG (default 1000), CHROMIUM_PATH.
 */
import { type BrowserContext, type Page } from "@playwright/test";
import { NO_DEVICE_QUEUE, openBoardBenchSession } from "./board-bench-session";
import { seedBoard } from "./board-seed";

const GESTURES = Math.max(10, Number(process.env.QUEUE_BENCH_GESTURES ?? 100));
const BACKLOG = Math.max(10, Number(process.env.QUEUE_BENCH_BACKLOG ?? 1000));
const COLS = 100;
const log = (line: string) => console.error(`[bench:board-queue] ${line}`);

const PROBE = `
(() => {
  const probe = (window.__queueBench = { enters: [], deviceMs: [], writes: 0 });
  let inGesture = null;
  // The synchronous part of IndexedDB's calls: the structured copy of what is written happens here.
  const timed = (proto, name, counts) => {
    const original = proto?.[name];
    if (!original) return;
    proto[name] = function (...args) {
      const start = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        if (counts) probe.writes += 1;
        if (inGesture) inGesture.device += performance.now() - start;
      }
    };
  };
  if (typeof IDBObjectStore !== "undefined") {
    timed(IDBObjectStore.prototype, "add", true);
    timed(IDBObjectStore.prototype, "put", true);
    timed(IDBObjectStore.prototype, "delete", false);
    timed(IDBDatabase.prototype, "transaction", false);
  }
  addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    const started = event.timeStamp;
    const gesture = (inGesture = { device: 0 });
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        if (inGesture === gesture) inGesture = null;
        probe.deviceMs.push(gesture.device);
        probe.enters.push(performance.now() - started);
      };
      channel.port2.postMessage(null);
    });
  }, true);
})();
`;

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
};
const round = (value: number, per = 10) => Math.round(value * per) / per;

async function openLarge(context: BrowserContext, snapId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/snaps/${snapId}`);
  await page.locator("[data-board-root][data-ready]").waitFor();
  await page.getByRole("gridcell", { name: /^Row 1, column 1:/ }).click();
  return page;
}

interface Probe {
  enters: number[];
  deviceMs: number[];
  writes: number;
}
const probeOf = (page: Page) => page.evaluate(() => (window as unknown as { __queueBench: Probe }).__queueBench);

/** Types a letter into the selected card and commits with Enter (the selection moves down); returns Enter's time to the next frame, and IndexedDB's share of it. */
async function typedChange(page: Page, letter: string): Promise<{ ms: number; deviceMs: number }> {
  const before = await page.evaluate(() => (window as unknown as { __queueBench: Probe }).__queueBench.enters.length);
  await page.keyboard.press(letter);
  await page.locator("textarea").first().waitFor();
  await page.keyboard.press("Enter");
  await page.waitForFunction((count) => (window as unknown as { __queueBench: Probe }).__queueBench.enters.length > count, before);
  const probe = await probeOf(page);
  return { ms: probe.enters[before]!, deviceMs: probe.deviceMs[before]! };
}

async function rangeTitles(page: Page, snapId: string, rows: number): Promise<(string | null)[]> {
  const response = await page.request.get(`/api/snaps/${snapId}/range?row=0&col=0&rows=${rows}&cols=${COLS}`);
  const body = (await response.json()) as { values: (string | null)[][] };
  return body.values.flat();
}

async function main() {
  const session = await openBoardBenchSession("board-queue", log);
  try {
    const { browser, storageState, baseUrl, boards } = session;
    const withQueue = await browser.newContext({ baseURL: baseUrl, storageState });
    const withoutQueue = await browser.newContext({ baseURL: baseUrl, storageState });
    await withQueue.addInitScript(PROBE);
    await withoutQueue.addInitScript(NO_DEVICE_QUEUE + PROBE);
    log("seeding a second 100 x 100 board, for the side without the device queue…");
    const seeding = await withoutQueue.newPage();
    await seeding.goto("/");
    const secondLarge = await seedBoard(seeding, 100, 100);
    await seeding.close();
    const pages = { with: await openLarge(withQueue, boards.large.id), without: await openLarge(withoutQueue, secondLarge.id) };
    const times = { with: [] as number[], without: [] as number[] };
    const deviceMs: number[] = [];
    log(`typing ${GESTURES} changes on each side, in turn…`);
    for (let index = 0; index < GESTURES; index += 1) {
      for (const side of index % 2 ? (["without", "with"] as const) : (["with", "without"] as const)) {
        const gesture = await typedChange(pages[side], side === "with" ? "q" : "w");
        times[side].push(gesture.ms);
        if (side === "with") deviceMs.push(gesture.deviceMs);
      }
    }
    const writes = { with: (await probeOf(pages.with)).writes, without: (await probeOf(pages.without)).writes };
    // A side that wrote nothing measured nothing: the board must have written each change (and settled it).
    if (writes.with < GESTURES || writes.without !== 0) throw new Error(`IndexedDB writes: ${writes.with} with the queue, ${writes.without} without`);
    await withoutQueue.close();

    const backlogPage = await withQueue.newPage();
    await backlogPage.addInitScript(PROBE);
    await backlogPage.goto(`/snaps/${boards.large.id}`);
    await backlogPage.locator("[data-board-root][data-ready]").waitFor();
    const rows = Math.ceil(BACKLOG / COLS);
    await backlogPage.getByRole("gridcell", { name: /^Row 1, column 1:/ }).click();
    await withQueue.setOffline(true);
    log(`making ${BACKLOG} changes offline…`);
    for (let index = 0; index < BACKLOG; index += 1) {
      await backlogPage.keyboard.press("z");
      await backlogPage.locator("textarea").first().waitFor();
      // Along a row with Tab, then down to the next row at its end (Enter goes down, Shift+Tab back left).
      const col = index % COLS;
      const leftward = Math.floor(index / COLS) % 2 === 1;
      await backlogPage.keyboard.press(col === COLS - 1 ? "Enter" : leftward ? "Shift+Tab" : "Tab");
    }
    await backlogPage.getByText(`${BACKLOG.toLocaleString("en-US")} changes waiting`, { exact: true }).waitFor({ timeout: 120_000 });
    const started = performance.now();
    await withQueue.setOffline(false);
    let onServer = 0;
    while (onServer < BACKLOG) onServer = (await rangeTitles(backlogPage, boards.large.id, rows)).filter((title) => title === "z").length;
    const backlogSeconds = (performance.now() - started) / 1000;

    const figures = {
      typedChangeMs: {
        withDeviceQueue: { p50: round(percentile(times.with, 0.5)), p95: round(percentile(times.with, 0.95)), count: times.with.length },
        withoutDeviceQueue: { p50: round(percentile(times.without, 0.5)), p95: round(percentile(times.without, 0.95)), count: times.without.length },
        addedByDeviceQueueAtP95: round(percentile(times.with, 0.95) - percentile(times.without, 0.95)),
      },
      deviceWriteMainThreadMs: {
        p50: round(percentile(deviceMs, 0.5), 100),
        p95: round(percentile(deviceMs, 0.95), 100),
        max: round(Math.max(...deviceMs), 100),
      },
      backlog: { changes: BACKLOG, secondsUntilAllOnServer: round(backlogSeconds) },
    };
    console.log(JSON.stringify(figures, null, 2));
    await withQueue.close();
  } finally {
    await session.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
