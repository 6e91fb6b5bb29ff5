/** What the load benches share: /api/health timed while a load runs. */
import { spawn } from "node:child_process";
import { memoryMb } from "./server";
import { readServerMetrics } from "./server-metrics";

export const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;

export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/**
 * The sampler, run as a process of its own (plain JavaScript: `node -e`): it times GET /api/health
 * every 100 ms until its stdin ends, then prints the timings as JSON. In the bench's process its
 * timings also held the bench's own client work (a load's bodies streamed, its answers read): what
 * the server does is what is measured.
 */
const SAMPLER = `
const times = [];
let stopped = false;
process.stdin.on("end", () => (stopped = true)).resume();
(async () => {
  while (!stopped) {
    const started = performance.now();
    await fetch(process.argv[1] + "/api/health").then((response) => response.arrayBuffer());
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.stdout.write(JSON.stringify(times));
})();`;

/** Times GET /api/health every 100 ms (from a sampler process) until `until()`, calling `onSample` (if any) meanwhile. */
export async function healthSamples(base: string, until: () => boolean, onSample?: () => Promise<void>): Promise<number[]> {
  const sampler = spawn(process.execPath, ["-e", SAMPLER, base], { stdio: ["pipe", "pipe", "inherit"] });
  let output = "";
  sampler.stdout.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => sampler.once("exit", resolve));
  while (!until()) {
    await onSample?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  sampler.stdin.end();
  const code = await exited;
  if (code !== 0) throw new Error(`the health sampler exited with ${code}`);
  return JSON.parse(output) as number[];
}

/** "p50 …, p99 …, max … (n samples)" of health timings. */
export function describeHealth(times: number[]): string {
  return `p50 ${quantile(times, 0.5).toFixed(1)} ms, p99 ${quantile(times, 0.99).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (${times.length} samples)`;
}

/** The server's peak V8 heap (bytes) and RSS (MB) over the samples taken so far. */
export interface ServerPeaks {
  heap: number;
  rss: number;
}

/**
 * Health timed for 3 s with nothing else running (the run's baseline), then while `load` runs: its
 * timings and the server's peaks for both. `load` is given the count of what it finished to report.
 */
export async function healthIdleThenLoaded(
  app: { baseUrl: string; pid: number },
  load: () => { done: () => boolean; finished: Promise<unknown> },
): Promise<{ idle: number[]; loaded: number[]; idlePeaks: ServerPeaks; loadedPeaks: ServerPeaks }> {
  const peaks: ServerPeaks = { heap: 0, rss: 0 };
  const sample = async () => {
    const metrics = await readServerMetrics(app.baseUrl).catch(() => null);
    if (metrics) peaks.heap = Math.max(peaks.heap, metrics.heapUsedBytes);
    peaks.rss = Math.max(peaks.rss, memoryMb(app.pid)?.rss ?? 0);
  };
  const idleUntil = performance.now() + 3_000;
  const idle = await healthSamples(app.baseUrl, () => performance.now() >= idleUntil, sample);
  const idlePeaks = { ...peaks };
  const running = load();
  const loaded = await healthSamples(app.baseUrl, running.done, sample);
  await running.finished;
  return { idle, loaded, idlePeaks, loadedPeaks: peaks };
}

/** Prints health idle and under `label`'s load, and the server's peaks, as the load benches report them. */
export function reportHealthUnderLoad(label: string, { idle, loaded, idlePeaks, loadedPeaks }: Awaited<ReturnType<typeof healthIdleThenLoaded>>): void {
  console.log(`/api/health idle: ${describeHealth(idle)}`);
  console.log(`/api/health ${label}: ${describeHealth(loaded)}`);
  console.log(
    `V8 heap used: idle ${mb(idlePeaks.heap)}, peak during ${label} ${mb(loadedPeaks.heap)} (cap 256 MB); RSS idle ${idlePeaks.rss.toFixed(0)} MB, peak ${loadedPeaks.rss.toFixed(0)} MB`,
  );
}
