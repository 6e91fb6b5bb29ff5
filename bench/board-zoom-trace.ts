/**
 * Where a zoom gesture's frames go (docs/PERFORMANCE.md, "Zoom"). Seeds a board as
 * `npm run bench:board` does, opens it with a card selected, runs the bench's zoom sequence
 * (bench/board-zoom-gesture.ts) under a Chromium trace and prints:
 *
 * - every frame that painted a new zoom (requestAnimationFrame's time since the frame before), and
 *   for the slow ones (over ZOOM_TRACE_SLOW_MS, default 20) the busiest work in that frame's span
 *   on the renderer's main thread, its compositor thread and its raster workers;
 * - the whole sequence's self time by trace event, per thread.
 *
 * Usage: `npx tsx --conditions=react-server bench/board-zoom-trace.ts [rows] [cols]` (default
 * 100 x 100) on a current production build (`npm run build`; NEXT_DIST_DIR to pick one). Writes
 * bench/board-zoom-trace.json, which Chromium's Performance panel opens.
 */
import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { seedBoard } from "./board-seed";
import { createBenchDatabase } from "./database";
import { startApp } from "./server";
import { zoomFrameLoop, zoomGesture } from "./board-zoom-gesture";

const [rows = 100, cols = 100] = process.argv.slice(2).map(Number);
const SLOW_MS = Number(process.env.ZOOM_TRACE_SLOW_MS ?? 20);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

/**
 * A frame that shows a new zoom (the zoom read after its rendering differs from the frame before's,
 * as bench/board.ts reads it) marks the trace at the next frame with its length.
 */
const FRAME_PROBE = `(() => ${zoomFrameLoop({ onZoomFrame: 'performance.mark("zoom-frame:" + length.toFixed(1) + ":" + zoom);' })})()`;

type Threads = Map<string, { pid: number; tid: number }[]>;

function threadsByName(events: TraceEvent[]): Threads {
  const threads: Threads = new Map();
  for (const event of events) {
    if (event.name !== "thread_name" || !event.args?.name) continue;
    const name = event.args.name.replace(/\d+$/, "");
    threads.set(name, [...(threads.get(name) ?? []), { pid: event.pid, tid: event.tid }]);
  }
  return threads;
}

/** Self time by event name (each complete event's duration less its children's) within [from, to]. */
function selfTimes(events: TraceEvent[], from: number, to: number): Map<string, number> {
  const self = new Map<string, number>();
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph !== "X" || event.dur === undefined || event.ts + event.dur < from || event.ts > to) continue;
    const key = `${event.pid}:${event.tid}`;
    byThread.set(key, [...(byThread.get(key) ?? []), event]);
  }
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const stack: TraceEvent[] = [];
    for (const event of list) {
      const clipped = Math.min(event.ts + event.dur!, to) - Math.max(event.ts, from);
      while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= event.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - clipped);
      self.set(event.name, (self.get(event.name) ?? 0) + clipped);
      stack.push(event);
    }
  }
  return self;
}

const ms = (micros: number) => (micros / 1000).toFixed(1);
const top = (self: Map<string, number>, count: number) =>
  [...self]
    .filter(([, value]) => value > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, value]) => `${name} ${ms(value)}`)
    .join(", ");

function summarize(events: TraceEvent[]) {
  const threads = threadsByName(events);
  const on = (name: string) => {
    const keys = new Set((threads.get(name) ?? []).map(({ pid, tid }) => `${pid}:${tid}`));
    return events.filter((event) => keys.has(`${event.pid}:${event.tid}`));
  };
  const places = { main: on("CrRendererMain"), compositor: on("Compositor"), raster: on("CompositorTileWorker"), viz: on("VizCompositorThread") };
  const marks = events.filter(
    (event) => event.name.startsWith("zoom-frame:") && (event.ph === "R" || event.ph === "I" || event.ph === "n" || event.ph === "b"),
  );
  const seen = new Set<number>();
  console.log("frames with a new zoom (ms since the frame before, zoom shown):");
  for (const mark of marks) {
    if (seen.has(mark.ts)) continue;
    seen.add(mark.ts);
    const [, length, zoom] = mark.name.split(":");
    const frame = Number(length);
    console.log(`  ${length!.padStart(6)} ms  zoom ${zoom}`);
    if (frame <= SLOW_MS) continue;
    for (const [place, list] of Object.entries(places)) {
      const self = selfTimes(list, mark.ts - frame * 1000, mark.ts);
      const busy = [...self.values()].reduce((sum, value) => sum + value, 0);
      if (busy > 0) console.log(`      ${place.padEnd(10)} busy ${ms(busy).padStart(6)}: ${top(self, 6)}`);
    }
  }
  const start = Math.min(...places.main.map((event) => event.ts));
  const end = Math.max(...places.main.map((event) => event.ts + (event.dur ?? 0)));
  console.log("\nthe whole sequence, self time (ms):");
  for (const [place, list] of Object.entries(places)) {
    const self = selfTimes(list, start, end);
    const busy = [...self.values()].reduce((sum, value) => sum + value, 0);
    console.log(`  ${place.padEnd(10)} busy ${ms(busy).padStart(7)}: ${top(self, 10)}`);
  }
}

async function main() {
  const database = await createBenchDatabase();
  const app = await startApp({ DATABASE_URL: database.url, AUTH_SECRET: "bench-board-secret-0123456789abcdef", LOG_LEVEL: "warn" });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/sign-up");
    await page.getByLabel("Name").fill("Bench Zoom Trace");
    await page.getByLabel("Email").fill(`bench-zoom-trace-${Date.now()}@example.test`);
    await page.getByLabel("Password").fill("correct-horse-42");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const { id } = await seedBoard(page, rows, cols);

    const open = async () => {
      await page.goto(`/snaps/${id}`);
      await page.locator("[data-board-root][data-ready]").waitFor();
      await page.waitForTimeout(1500);
      await page.locator('[role="gridcell"][data-card-id]').first().click();
      await page.keyboard.press("Control+0");
    };
    // A first sequence warms the code up; the zoom is stored per board, so each starts at 100 %.
    await open();
    await zoomGesture(page);
    await open();
    await page.evaluate(FRAME_PROBE);
    const session = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    session.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const done = new Promise<void>((resolve) => session.once("Tracing.tracingComplete", () => resolve()));
    await session.send("Tracing.start", {
      categories: "devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,v8.execute,blink.user_timing,cc,viz",
      transferMode: "ReportEvents",
    });
    await zoomGesture(page);
    await session.send("Tracing.end");
    await done;
    await session.detach();
    writeFileSync("bench/board-zoom-trace.json", JSON.stringify({ traceEvents: events }));
    summarize(events);
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
