/**
 * `npm run bench:board-queue`: what writing each gesture to the device costs, and how fast a backlog
 * made offline reaches the server (docs/SAVING.md), on the 100 × 100 board of bench/board-seed.ts,
 * in Chromium on the production build:
 *
 * - a title typed and committed (a key, then Enter: one change of one card), from Enter's event to
 *   the end of the next frame, p50 and p95, with the device queue and without it (IndexedDB removed
 *   before the page's scripts run, so the board keeps its changes in memory only), interleaved in
 *   rounds so the machine's load weighs on both alike;
 * - 1,000 such changes made while the browser is offline, then the network back: the time until the
 *   server has all of them (read back through GET …/range).
 *
 * Environment: QUEUE_BENCH_GESTURES (per side, default 60), QUEUE_BENCH_BACKLOG (default 1000), CHROMIUM_PATH.
 */
import { type BrowserContext, type Page } from "@playwright/test";
import { openBoardBenchSession } from "./board-bench-session";

const GESTURES = Math.max(10, Number(process.env.QUEUE_BENCH_GESTURES ?? 60));
const BACKLOG = Math.max(10, Number(process.env.QUEUE_BENCH_BACKLOG ?? 1000));
const COLS = 100;
const log = (line: string) => console.error(`[bench:board-queue] ${line}`);

const PROBE = `
(() => {
  const probe = (window.__queueBench = { enters: [] });
  addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    const started = event.timeStamp;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => probe.enters.push(performance.now() - started);
      channel.port2.postMessage(null);
    });
  }, true);
})();
`;
const NO_DEVICE = `Object.defineProperty(window, "indexedDB", { value: undefined, configurable: true });`;

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
};
const round = (value: number) => Math.round(value * 10) / 10;

async function openLarge(context: BrowserContext, snapId: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/snaps/${snapId}`);
  await page.locator("[data-board-root][data-ready]").waitFor();
  await page.getByRole("gridcell", { name: /^Row 1, column 1:/ }).click();
  return page;
}

/** Types a letter into the selected card and commits with Enter (the selection moves down); returns Enter's time to the next frame. */
async function typedChange(page: Page, letter: string): Promise<number> {
  const before = await page.evaluate(() => (window as unknown as { __queueBench: { enters: number[] } }).__queueBench.enters.length);
  await page.keyboard.press(letter);
  await page.locator("textarea").first().waitFor();
  await page.keyboard.press("Enter");
  await page.waitForFunction((count) => (window as unknown as { __queueBench: { enters: number[] } }).__queueBench.enters.length > count, before);
  return page.evaluate((index) => (window as unknown as { __queueBench: { enters: number[] } }).__queueBench.enters[index]!, before);
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
    await withoutQueue.addInitScript(NO_DEVICE + PROBE);
    const pages = { with: await openLarge(withQueue, boards.large.id), without: await openLarge(withoutQueue, boards.large.id) };
    const times = { with: [] as number[], without: [] as number[] };
    const ROUND = 10;
    log(`typing ${GESTURES} changes on each side, ${ROUND} at a time…`);
    for (let done = 0; done < GESTURES; done += ROUND) {
      for (const side of ["with", "without"] as const) {
        for (let index = 0; index < ROUND; index += 1) times[side].push(await typedChange(pages[side], side === "with" ? "q" : "w"));
      }
    }
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
