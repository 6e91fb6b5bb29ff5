/**
 * `npx tsx bench/webhooks.ts`: the costs of the event feed and webhooks (docs/PERFORMANCE.md,
 * "Design decisions"). On a fresh bench database, with the production build in
 * NEXT_DIST_DIR (default .next), WEBHOOK_ALLOW_PRIVATE_URLS=true and a receiver on loopback:
 *
 * (What the feed rows cost the write in process: bench/feed-overhead.ts.)
 * 1. Over HTTP, one connection: PATCH /api/snaps/cards/batch (100 cards) with no webhook enabled,
 *    one and 20 (each write then queues a fan-out job and a delivery per endpoint), interleaved.
 * 2. Commit-to-receiver latency: 20 endpoints, single-card PATCHes at BENCH_WRITES_PER_SEC (default
 *    5) for BENCH_LATENCY_SECONDS (default 15); the receiver's arrival time minus the time the
 *    write's answer came back (the commit precedes it), p50/p99 over every delivery.
 * WEBHOOK_BENCH_PARTS (default "1,2") picks the parts. The job worker runs as npm start runs it, a
 * process of its own at a lower CPU priority (scripts/job-worker-process.ts); WEBHOOK_BENCH_WORKER=app
 * runs it inside the app's process instead (JOB_WORKER=app, what a plain `next start` does).
 */
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { setPriority, tmpdir } from "node:os";
import { once } from "node:events";
import pg from "pg";
import { createBenchDatabase, seedFixtures } from "./database";
import { cpuSpent, databaseCpuMeter } from "./database-cpu";
import { load, type LoadResult } from "./load";
import { scenarioRequests } from "./scenarios";
import { spawnJobWorker } from "../scripts/job-worker-process";
import { cpuTimeMs, startApp } from "./server";

process.env.NEXT_DIST_DIR ||= ".next";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SLICE = Number(process.env.BENCH_SLICE ?? 4);
const WRITES_PER_SEC = Number(process.env.BENCH_WRITES_PER_SEC ?? 5);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 15);
const ENDPOINTS = 20;
/** BENCH_CPU_PROF=1: the app runs with node --cpu-prof (bench/profile-summary.ts reads the file). */
const PROFILE_FLAGS = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${tmpdir()}/snap-bench-profiles`] : [];
/** WEBHOOK_BENCH_PARTS: which parts to run, e.g. "2" for the latency alone. */
const PARTS = (process.env.WEBHOOK_BENCH_PARTS ?? "1,2").split(",");

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? NaN;
const percentile = (values: number[], fraction: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
};
const round1 = (value: number) => Math.round(value * 10) / 10;

async function main() {
  const database = await createBenchDatabase();
  const authSecret = randomBytes(32).toString("base64url");
  const fixtures = await seedFixtures(database.url, authSecret, 2);
  const arrivals: { path: string; at: number; title: string | null }[] = [];
  const receiver = fork(new URL("./webhook-receiver.ts", import.meta.url).pathname, { execArgv: ["--import", "tsx"] });
  const [{ port }] = (await once(receiver, "message")) as [{ port: number }];
  receiver.on("message", (arrival: (typeof arrivals)[number]) => arrivals.push(arrival));
  // WEBHOOK_BENCH_RECEIVER_NICE=19: the receiver stands for the integrations' own machines, and
  // yields these two cores to the app and the database, as a receiver elsewhere would not take them.
  if (process.env.WEBHOOK_BENCH_RECEIVER_NICE) setPriority(receiver.pid!, Number(process.env.WEBHOOK_BENCH_RECEIVER_NICE));
  const receiverUrl = `http://127.0.0.1:${port}`;
  const now = () => performance.timeOrigin + performance.now();
  const env = { DATABASE_URL: database.url, AUTH_SECRET: authSecret, WEBHOOK_ALLOW_PRIVATE_URLS: "true", DATABASE_POOL_SIZE: "10" };
  const inApp = process.env.WEBHOOK_BENCH_WORKER === "app";
  const worker = inApp ? undefined : spawnJobWorker({ ...process.env, ...env, NODE_ENV: "production", LOG_LEVEL: "warn" });
  process.once("exit", () => worker?.kill()); // also when the bench fails: an orphan would hold its output open
  console.error(`[webhooks bench] the job worker runs ${inApp ? "in the app's process" : "in a process of its own (npm start's default)"}`);
  const app = await startApp({ ...env, JOB_WORKER: inApp ? "app" : "off" }, PROFILE_FLAGS);
  const sql = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    // Twenty endpoints, created through the API (so their secrets are real), disabled until needed.
    for (let i = 0; i < ENDPOINTS; i++) {
      const response = await fetch(`${app.baseUrl}/api/webhooks`, {
        method: "POST",
        headers: { authorization: `Bearer ${fixtures.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ url: `${receiverUrl}/hook/${i}`, events: ["cards.updated"] }),
      });
      if (response.status !== 201) throw new Error(`webhook creation: ${response.status} ${await response.text()}`);
    }
    // The first `count` endpoints enabled, the others disabled.
    const setWebhooks = (count: number) =>
      sql.query(`UPDATE "Webhook" SET enabled = id IN (SELECT id FROM "Webhook" ORDER BY id LIMIT $1), "consecutiveFailures" = 0`, [count]);
    await setWebhooks(0);

    if (PARTS.includes("1")) {
      // 1. Over HTTP, one connection, with no webhook, one and twenty enabled, in turn (the order rotating each round).
      const { request } = scenarioRequests(fixtures, app.baseUrl).d;
      const counts = (process.env.WEBHOOK_BENCH_COUNTS ?? `0,1,${ENDPOINTS}`).split(",").map(Number);
      const http = new Map<number, LoadResult[]>(counts.map((count) => [count, []]));
      // CPU per request of each party: the app, the job worker process (if apart), the database's backends, the receiver, and this process (the client).
      const cpu = new Map<number, { app: number; worker: number; database: number; receiver: number; client: number; requests: number }>(
        counts.map((count) => [count, { app: 0, worker: 0, database: 0, receiver: 0, client: 0, requests: 0 }]),
      );
      const databaseCpu = await databaseCpuMeter(database.url);
      await load({ ...request, connections: 1, warmupSeconds: 2, seconds: 2, serverPid: app.pid });
      for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++) {
        for (let k = 0; k < counts.length; k++) {
          const count = counts[(roundIndex + k) % counts.length]!;
          await setWebhooks(count);
          const workerBefore = worker ? cpuTimeMs(worker.pid!) : 0;
          const [appBefore, databaseBefore, receiverBefore, clientBefore] = [
            cpuTimeMs(app.pid),
            await databaseCpu.sample(),
            cpuTimeMs(receiver.pid!),
            process.cpuUsage(),
          ];
          const result = await load({ ...request, connections: 1, warmupSeconds: 0, seconds: SLICE, serverPid: app.pid });
          // The deliveries of this slice drain before the next one starts, so each is charged with its own.
          await drained(arrivals);
          const clientSpent = process.cpuUsage(clientBefore);
          const requests = result.reqPerSec * SLICE;
          const tally = cpu.get(count)!;
          tally.app += cpuTimeMs(app.pid) - appBefore;
          tally.worker += worker ? cpuTimeMs(worker.pid!) - workerBefore : 0;
          tally.database += cpuSpent(databaseBefore, await databaseCpu.sample());
          tally.receiver += cpuTimeMs(receiver.pid!) - receiverBefore;
          tally.client += (clientSpent.user + clientSpent.system) / 1000;
          tally.requests += requests;
          http.get(count)!.push(result);
        }
        console.error(`[webhooks bench] round ${roundIndex + 1}/${ROUNDS}`);
      }
      await setWebhooks(0);
      const p50 = (count: number) => median(http.get(count)!.map((result) => result.p50));
      const rate = (count: number) => median(http.get(count)!.map((result) => result.reqPerSec));
      console.log(`\n1. PATCH /api/snaps/cards/batch (100 cards), 1 connection, ${ROUNDS} rounds x ${SLICE} s each, medians over rounds`);
      for (const count of counts) {
        const vsNone = count && http.has(0) ? `  (p50 x${(p50(count) / p50(0)).toFixed(3)}, throughput x${(rate(count) / rate(0)).toFixed(3)})` : "";
        console.log(`   ${`${count} webhooks enabled:`.padEnd(22)} p50 ${p50(count)} ms, ${round1(rate(count))} req/s${vsNone}`);
      }
      console.log("   CPU ms per request, each slice's deliveries included (sent during it or just after):");
      for (const count of counts) {
        const { requests, ...parties } = cpu.get(count)!;
        const shares = Object.entries(parties).map(([party, ms]) => `${party} ${(ms / requests).toFixed(2)}`);
        console.log(`   ${`${count} webhooks enabled:`.padEnd(22)} ${shares.join(", ")}`);
      }
      await databaseCpu.close();
    }

    if (PARTS.includes("2")) {
      // 2. Commit-to-receiver latency with 20 endpoints.
      await sql.query(`UPDATE "Webhook" SET enabled = true, "consecutiveFailures" = 0, "disabledReason" = NULL`);
      await drained(arrivals);
      arrivals.length = 0;
      const answered = new Map<string, number>();
      const cardId = fixtures.patchSnaps[0]!.cardIds[0]!;
      const total = WRITES_PER_SEC * LATENCY_SECONDS;
      const started = performance.now();
      const writes: Promise<void>[] = [];
      for (let i = 0; i < total; i++) {
        const due = started + (i * 1000) / WRITES_PER_SEC;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        const title = `latency ${i}`;
        writes.push(
          fetch(`${app.baseUrl}/api/snaps/cards/${cardId}`, {
            method: "PATCH",
            headers: { authorization: `Bearer ${fixtures.apiKey}`, "content-type": "application/json" },
            body: JSON.stringify({ title }),
          }).then(async (response) => {
            await response.arrayBuffer();
            answered.set(title, now());
          }),
        );
      }
      await Promise.all(writes);
      const deadline = performance.now() + 60_000;
      while (arrivals.length < total * ENDPOINTS && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      const latencies = arrivals.flatMap(({ at, title }) => {
        const answer = title === null ? undefined : answered.get(title);
        return answer === undefined ? [] : [at - answer];
      });
      console.log(
        `\n2. Commit-to-receiver latency: ${ENDPOINTS} endpoints, ${WRITES_PER_SEC} writes/s for ${LATENCY_SECONDS} s (${total} events, ${latencies.length} of ${total * ENDPOINTS} deliveries arrived)`,
      );
      console.log(`   p50 ${round1(percentile(latencies, 0.5))} ms, p99 ${round1(percentile(latencies, 0.99))} ms, max ${round1(Math.max(...latencies))} ms`);
    }
  } finally {
    await sql.end();
    await app.stop();
    worker?.kill();
    receiver.disconnect();
    await database.drop();
  }
  process.exit(0);
}

/** Once no delivery has arrived for a second: the queue has drained. */
async function drained(arrivals: readonly unknown[]): Promise<void> {
  let previous = -1;
  while (arrivals.length !== previous) {
    previous = arrivals.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
