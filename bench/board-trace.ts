/**
 * Where an arrow key's time goes on the board (docs/ARCHITECTURE.md, "The board in the browser: an
 * arrow key's frame"). Seeds a board as `npm run bench:board` does, walks it with 24 arrow keys
 * (right, then down, past the first screen) and prints:
 *
 * - per key, from a Chromium performance trace, the main thread's self time by trace event (script,
 *   style, layout, paint…) from the key event to the end of the first frame committed after it;
 * - the DOM mutations per key by place (grid, inspector, header) and kind;
 * - with TRACE_MEASURE=n: no trace, only the bench's figure (key to the end of the next frame), the
 *   median of n walks.
 *
 * Usage: `npx tsx --conditions=react-server bench/board-trace.ts [rows] [cols]` (default 20 x 20) on
 * a current production build (NEXT_DIST_DIR to pick one). Writes bench/board-trace.json, which
 * Chromium's Performance panel opens.
 */
import { writeFileSync } from "node:fs";
import { chromium, type Page } from "@playwright/test";
import { seedBoard } from "./board-seed";
import { createBenchDatabase } from "./database";
import { startApp } from "./server";

const [rows = 20, cols = 20] = process.argv.slice(2).map(Number);
const KEYS = 24;
const MEASURED_WALKS = Number(process.env.TRACE_MEASURE ?? 0);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

/** Scripts given as text: tsx's helpers do not exist in the page. */
const KEY_PROBE = `addEventListener("keydown", (event) => {
  const started = event.timeStamp;
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => (window.__keys ??= []).push(performance.now() - started);
    channel.port2.postMessage(null);
  });
}, true);`;

const MUTATION_COUNTER = `(() => {
  const counts = (window.__mutations = {});
  const describe = (node) => {
    const element = node instanceof Element ? node : node.parentElement;
    if (!element) return "?";
    const place = element.closest("aside") ? "inspector" : element.closest('[role="grid"]') ? "grid" : element.closest("header") ? "header" : "other";
    return place + ":" + element.tagName.toLowerCase() + (element.getAttribute("role") ? "[" + element.getAttribute("role") + "]" : "");
  };
  new MutationObserver((records) => {
    for (const record of records) {
      const key =
        record.type === "attributes"
          ? describe(record.target) + " @" + record.attributeName
          : record.type === "childList"
            ? describe(record.target) + " +" + record.addedNodes.length + " -" + record.removedNodes.length
            : describe(record.target) + " text";
      counts[key] = (counts[key] ?? 0) + 1;
    }
  }).observe(document.body, { attributes: true, childList: true, subtree: true, characterData: true });
})()`;

async function openAndSelect(page: Page, snapId: string) {
  await page.goto(`/snaps/${snapId}`);
  await page.locator("[data-board-root][data-ready]").waitFor();
  await page.waitForTimeout(1500);
  await page.locator('[role="gridcell"][data-card-id]').first().click();
}

const arrow = (index: number) => (index < KEYS / 2 ? "ArrowRight" : "ArrowDown");

/** The walk as bench/board.ts's timedKey makes it: the probe read before and after each key. */
async function measuredWalk(page: Page): Promise<number> {
  for (let index = 0; index < KEYS; index += 1) {
    await page.evaluate("window.__keys");
    await page.keyboard.press(arrow(index));
    await page.waitForFunction((count) => ((window as unknown as { __keys?: number[] }).__keys ?? []).length > count, index);
    await page.evaluate("window.__keys");
  }
  const keys = ((await page.evaluate("window.__keys")) as number[]).sort((a, b) => a - b);
  return keys[Math.floor(keys.length / 2)]!;
}

async function tracedWalk(page: Page): Promise<TraceEvent[]> {
  const session = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  session.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => session.once("Tracing.tracingComplete", () => resolve()));
  await session.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,v8.execute",
    transferMode: "ReportEvents",
  });
  for (let index = 0; index < KEYS; index += 1) {
    await page.keyboard.press(arrow(index));
    await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)))");
  }
  await session.send("Tracing.end");
  await done;
  await session.detach();
  return events;
}

function summarizeTrace(events: TraceEvent[]) {
  const thread = events.find((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain");
  if (!thread) throw new Error("no renderer main thread in the trace");
  const main = events
    .filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.ph === "X" && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const keys = main.filter((event) => event.name === "EventDispatch" && event.args?.data?.type === "keydown");
  const totals = new Map<string, number>();
  for (const key of keys) {
    const commit = main.find((event) => event.name === "Commit" && event.ts > key.ts);
    const end = commit ? commit.ts + commit.dur! : key.ts + 40_000;
    // Self time: each event's duration less its children's.
    const self = new Map<string, number>();
    const stack: TraceEvent[] = [];
    for (const event of main) {
      if (event.ts < key.ts || event.ts > end) continue;
      while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= event.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - event.dur!);
      self.set(event.name, (self.get(event.name) ?? 0) + event.dur!);
      stack.push(event);
    }
    const busy = [...self.values()].reduce((sum, value) => sum + value, 0);
    for (const [name, value] of self) totals.set(name, (totals.get(name) ?? 0) + value);
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(
      `key to frame end ${((end - key.ts) / 1000).toFixed(1)} ms, busy ${(busy / 1000).toFixed(1)} ms: ${top.map(([name, value]) => `${name} ${(value / 1000).toFixed(1)}`).join(", ")}`,
    );
  }
  console.log("\nmean self time per key (ms):");
  for (const [name, value] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`  ${name.padEnd(40)} ${(value / 1000 / keys.length).toFixed(2)}`);
}

async function main() {
  const database = await createBenchDatabase();
  const app = await startApp({ DATABASE_URL: database.url, AUTH_SECRET: "bench-board-secret-0123456789abcdef", LOG_LEVEL: "warn" });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/sign-up");
    await page.getByLabel("Name").fill("Bench Trace");
    await page.getByLabel("Email").fill(`bench-trace-${Date.now()}@example.test`);
    await page.getByLabel("Password").fill("correct-horse-42");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const { id: snapId } = await seedBoard(page, rows, cols);

    if (MEASURED_WALKS > 0) {
      await page.addInitScript(KEY_PROBE);
      const medians: number[] = [];
      for (let walk = 0; walk < MEASURED_WALKS; walk += 1) {
        await openAndSelect(page, snapId);
        medians.push(await measuredWalk(page));
        console.log(`walk ${walk + 1}: median ${medians.at(-1)!.toFixed(1)} ms`);
      }
      console.log(`median of walks: ${[...medians].sort((a, b) => a - b)[Math.floor(medians.length / 2)]!.toFixed(1)} ms`);
      return;
    }

    // A first walk warms the code up.
    await openAndSelect(page, snapId);
    await tracedWalk(page);
    await openAndSelect(page, snapId);
    await page.evaluate(MUTATION_COUNTER);
    const events = await tracedWalk(page);
    writeFileSync("bench/board-trace.json", JSON.stringify({ traceEvents: events }));
    summarizeTrace(events);
    console.log("\nDOM mutations per key:");
    const mutations = (await page.evaluate("window.__mutations")) as Record<string, number>;
    for (const [key, count] of Object.entries(mutations)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20))
      console.log(`  ${(count / KEYS).toFixed(1).padStart(5)} ${key}`);
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
