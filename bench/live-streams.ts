/**
 * Load check of live updates (docs/API.md, "Live updates"): `npm run bench:live`. Starts the production build (built when
 * stale, into NEXT_DIST_DIR, default .next-bench) on a fresh database, opens BENCH_LIVE_STREAMS event
 * streams (default 200) on BENCH_LIVE_SNAPS snaps (default 1: every event fans out to all of them),
 * makes BENCH_LIVE_WRITES batch PATCHes of 10 cards (default 60, one every BENCH_LIVE_INTERVAL ms,
 * default 100) through the same instance with an API key, and prints, as JSON: delivery latency from
 * the moment the write was sent to the moment each stream had its `change` (p50/p99/max over every
 * write × stream), the server's RSS and CPU before the streams, with them idle, and over the writes.
 * The client runs on the same machine: its own parsing of 200 streams is in the latencies.
 */
import { randomBytes } from "node:crypto";
import { createBenchDatabase, seedFixtures } from "./database";
import { cpuTimeMs, memoryMb, startApp, type RunningServer } from "./server";

process.env.NEXT_DIST_DIR ||= ".next-bench";
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 200);
const SNAPS = Number(process.env.BENCH_LIVE_SNAPS ?? 1);
const WRITES = Number(process.env.BENCH_LIVE_WRITES ?? 60);
const INTERVAL_MS = Number(process.env.BENCH_LIVE_INTERVAL ?? 100);
const OPEN_WAVE = Number(process.env.BENCH_LIVE_OPEN_WAVE ?? 20);
const IDLE_MS = 5_000;

const log = (line: string) => console.error(`[bench:live] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! * 10) / 10;
};

interface Stream {
  /** When each version's `change` arrived (performance.now()). */
  arrivals: Map<number, number>;
  ready: Promise<void>;
  abort: AbortController;
}

/** An event stream read as it arrives; only the ids of `change` messages are kept. */
function openStream(baseUrl: string, snapId: string, apiKey: string): Stream {
  const abort = new AbortController();
  const arrivals = new Map<number, number>();
  const ready = (async () => {
    const response = await fetch(`${baseUrl}/api/snaps/${snapId}/events`, { headers: { authorization: `Bearer ${apiKey}` }, signal: abort.signal });
    if (response.status !== 200) throw new Error(`stream refused: ${response.status} ${await response.text()}`);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    let resolveReady: () => void = () => {};
    const gotReady = new Promise<void>((resolve) => (resolveReady = resolve));
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith("event: ready")) resolveReady();
            const id = /^event: change\nid: (\d+)/.exec(block)?.[1];
            if (id) arrivals.set(Number(id), performance.now());
          }
        }
      } catch {
        // aborted at the end
      }
    })();
    await gotReady;
  })();
  return { arrivals, ready, abort };
}

function usage(server: RunningServer) {
  return { cpuMs: cpuTimeMs(server.pid), rssMb: Math.round(memoryMb(server.pid)?.rss ?? 0) };
}

async function main() {
  const { ensureBuild } = await import("../scripts/ensure-build");
  await ensureBuild({ log });
  log("creating and seeding a fresh database");
  const database = await createBenchDatabase();
  let app: RunningServer | undefined;
  const streams: Stream[] = [];
  try {
    const authSecret = randomBytes(32).toString("base64url");
    const fixtures = await seedFixtures(database.url, authSecret, Math.max(1, SNAPS));
    const snaps = fixtures.patchSnaps.slice(0, SNAPS);
    app = await startApp({
      DATABASE_URL: database.url,
      AUTH_SECRET: authSecret,
      RATE_LIMIT_REQUESTS_PER_MINUTE: "1000000000",
      RATE_LIMIT_FAILED_AUTH_PER_IP: "1000000000",
      RATE_LIMIT_FAILED_AUTH_PER_KEY_PREFIX: "1000000000",
    });
    const { baseUrl } = app;
    const headers = { authorization: `Bearer ${fixtures.apiKey}`, "content-type": "application/json" };
    const patch = (snap: (typeof snaps)[number], n: number) =>
      fetch(`${baseUrl}/api/snaps/cards/batch`, {
        method: "PATCH",
        headers,
        body: JSON.stringify({ updates: snap.cardIds.slice(0, 10).map((id, i) => ({ id, title: `write ${n}.${i}` })) }),
      });
    // Warm the write and read paths (first requests compile routes and open pool connections).
    for (let i = 0; i < 5; i++) await (await patch(snaps[0]!, -1)).arrayBuffer();
    await sleep(1_000);
    const before = usage(app);

    log(`opening ${STREAMS} streams on ${snaps.length} snap(s)`);
    const opened = performance.now();
    // In waves, as browsers arrive: 200 at the same instant would queue on the pool of 10 database
    // connections for longer than its 3 s connect timeout on a busy 2-core machine (503, retried by clients).
    for (let i = 0; i < STREAMS; i += OPEN_WAVE) {
      const wave = Array.from({ length: Math.min(OPEN_WAVE, STREAMS - i) }, (_, j) =>
        openStream(baseUrl, snaps[(i + j) % snaps.length]!.snapId, fixtures.apiKey),
      );
      streams.push(...wave);
      await Promise.all(wave.map((stream) => stream.ready));
    }
    const openMs = Math.round(performance.now() - opened);
    await sleep(1_000);
    const idleStart = usage(app);
    await sleep(IDLE_MS);
    const idleEnd = usage(app);

    log(`${WRITES} writes, one every ${INTERVAL_MS} ms`);
    const sent = new Map<string, number>(); // "<snapId>:<version>" → when the write was sent
    const writeMs: number[] = [];
    for (let n = 0; n < WRITES; n++) {
      const snap = snaps[n % snaps.length]!;
      const start = performance.now();
      const response = await patch(snap, n);
      await response.arrayBuffer();
      writeMs.push(performance.now() - start);
      sent.set(`${snap.snapId}:${response.headers.get("snap-version")}`, start);
      await sleep(Math.max(0, INTERVAL_MS - (performance.now() - start)));
    }
    await sleep(2_000);
    const afterWrites = usage(app);

    const latencies: number[] = [];
    let missing = 0;
    streams.forEach((stream, index) => {
      const snapId = snaps[index % snaps.length]!.snapId;
      for (const [key, start] of sent) {
        if (!key.startsWith(`${snapId}:`)) continue;
        const arrived = stream.arrivals.get(Number(key.slice(snapId.length + 1)));
        if (arrived === undefined) missing++;
        else latencies.push(arrived - start);
      }
    });

    const result = {
      machine: { cpus: (await import("node:os")).cpus().length, loadavg: (await import("node:os")).loadavg().map((x) => Math.round(x * 10) / 10) },
      streams: STREAMS,
      snaps: snaps.length,
      writes: WRITES,
      openAllStreamsMs: openMs,
      deliveryMs: { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: percentile(latencies, 1), samples: latencies.length, missing },
      writeResponseMs: { p50: percentile(writeMs, 0.5), p99: percentile(writeMs, 0.99) },
      serverRssMb: { beforeStreams: before.rssMb, withStreamsIdle: idleEnd.rssMb, afterWrites: afterWrites.rssMb },
      serverCpu: {
        openingStreamsMs: idleStart.cpuMs - before.cpuMs,
        idlePercentWithStreams: Math.round(((idleEnd.cpuMs - idleStart.cpuMs) / IDLE_MS) * 1000) / 10,
        perWriteMs: Math.round(((afterWrites.cpuMs - idleEnd.cpuMs) / WRITES) * 10) / 10,
      },
    };
    console.log(JSON.stringify(result, null, 2));
    if (missing > 0) process.exitCode = 1;
  } finally {
    for (const stream of streams) stream.abort.abort();
    await app?.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
