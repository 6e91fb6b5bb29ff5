/**
 * `npm run test:cluster`: three instances of the production build behind HAProxy, PgBouncer in
 * transaction mode in front of PostgreSQL (127.0.0.1:5432, a fresh database), Redis (127.0.0.1:6379)
 * for the rate limits; under a steady mix of reads, single writes and 100-card batches:
 * 1. a rolling restart (SIGTERM, start again, one after the other): zero failed requests, npm exits 0,
 *    every webhook event at each endpoint exactly once;
 * 2. a kill -9 of one instance: only requests in flight may fail, no partial batch, the webhook jobs
 *    it held are sent by the others (at least once);
 * 3. a live stream through the balancer, reconnecting with Last-Event-ID across all of that: no
 *    change missed, none twice; every write in the database exactly once;
 * 4. shared state across instances: rate limit within 10 %, Idempotency-Key replay, no stale cache,
 *    key revocation and sign-out everywhere at the next request;
 * 5. files in S3-compatible storage (s3rver on loopback, FILE_STORAGE): an image uploaded through
 *    the balancer is read, the same bytes, from each instance.
 * 6. MCP conversations of both revisions with each request on the next instance.
 * Waits on health answers, HAProxy's log lines, process exits and received events; prints its figures.
 * docs/SCALING.md.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import { WORKER_LIVENESS_LOCK_CLASS } from "../../lib/webhooks/worker-liveness";
import { staleBuildReason } from "../../scripts/ensure-build";
import { call, createUser, expectStatus, type User } from "./http";
import { ensurePackages, freePort, startHaProxy, startPgBouncer, type HaProxy, type PgBouncer } from "./infrastructure";
import { Instance } from "./instance";
import { LiveClient } from "./live-client";
import { Load, type LoadUser } from "./load";
import { sampleCost } from "./measure";
import { checkMcpConversations } from "./mcp-conversation";
import { checkSharedState } from "./shared-state";
import { WebhookReceiver } from "./webhook-receiver";

const startedAt = Date.now();
const log = (line: string) => console.log(`[cluster ${((Date.now() - startedAt) / 1000).toFixed(1)}s] ${line}`);
const SERVER = process.env.CLUSTER_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? "redis://127.0.0.1:6379";
const RATE_LIMIT = 500;
const LOAD_LOOPS = 6;
const LOAD_RATE = Number(process.env.CLUSTER_LOAD_RATE ?? 24); // requests per second, all loops together
const DRAIN_SECONDS = 3;
const MEASURED_REQUESTS = 240;

const problems: string[] = [];
const expect = (ok: boolean, what: string) => {
  log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) problems.push(what);
};

const folder = mkdtempSync(path.join(tmpdir(), "snap-cluster-"));
const databaseName = `snap_cluster_${Date.now()}_${process.pid}`;
/** One statement on the server's maintenance database, on a connection of its own (none stays open). */
async function onServer(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER });
  admin.on("error", () => {});
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
let pgbouncer: PgBouncer | undefined;
let haproxy: HaProxy | undefined;
let direct: pg.Pool | undefined;
let s3: S3rver | undefined;
const instances: Instance[] = [];
const receiver = new WebhookReceiver();

async function main(): Promise<void> {
  ensurePackages(log);
  const stale = staleBuildReason();
  if (stale) {
    log(`building the app (${stale})`);
    const build = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, SKIP_BUILD_TYPECHECK: "1" } }); // npm run typecheck checks the same program
    if (build.status !== 0) throw new Error("next build failed");
  }

  await onServer(`CREATE DATABASE ${databaseName}`);
  const directUrl = new URL(SERVER);
  directUrl.pathname = `/${databaseName}`;
  pgbouncer = await startPgBouncer(folder, Number(directUrl.port || 5432));
  const pooledUrl = new URL(directUrl);
  pooledUrl.port = String(pgbouncer.port);
  direct = new pg.Pool({ connectionString: directUrl.href, max: 3 });
  direct.on("error", () => {}); // the database is dropped at the end with its connections
  await receiver.start();
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(folder, "s3"),
    configureBuckets: [{ name: "cluster-files", configs: [] }],
  });
  const { port: s3Port } = await s3.run();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: pooledUrl.href,
    DATABASE_DIRECT_URL: directUrl.href,
    DATABASE_POOL_SIZE: "5",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    REDIS_URL,
    RATE_LIMIT_REDIS_PREFIX: `snap:cluster:${databaseName}:`,
    RATE_LIMIT_REQUESTS_PER_MINUTE: String(RATE_LIMIT),
    RATE_LIMIT_SYNC_EVERY_HITS: "10",
    RATE_LIMIT_SIGN_UP_PER_IP: "1000",
    RATE_LIMIT_SIGN_IN_PER_IP: "1000",
    TRUSTED_PROXY_HOPS: "1",
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    WEBHOOK_RETRY_DELAYS: "1,1,1,1,1,1,1,1,1,1",
    SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    LOG_LEVEL: "warn",
    // Several instances share files only through S3 (docs/SCALING.md).
    FILE_STORAGE: "s3://cluster-files/files",
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  };
  for (const name of ["app1", "app2", "app3"]) instances.push(new Instance(name, await freePort(), env));
  log(`starting 3 instances (DATABASE_URL through PgBouncer :${pgbouncer.port}, DATABASE_DIRECT_URL to PostgreSQL)`);
  await Promise.all(instances.map((instance) => instance.start()));
  haproxy = await startHaProxy(
    folder,
    instances.map((instance) => ({ name: instance.name, port: instance.port })),
  );
  const lb = `http://127.0.0.1:${haproxy.port}`;
  log(`HAProxy on :${haproxy.port}; all 3 instances healthy`);

  // Users, webhooks, snaps (through the balancer).
  const [hooked, ...others] = await Promise.all(Array.from({ length: LOAD_LOOPS + 1 }, (_, i) => createUser(lb, `load${i}`)));
  const liveOwner = others.pop()!;
  for (const endpoint of ["/a", "/b"]) {
    await expectStatus(201, call(lb, "POST", "/api/webhooks", { key: hooked!.key, body: { url: receiver.url + endpoint, events: ["*"] } }), "webhook");
  }
  const loadUsers: LoadUser[] = await Promise.all(
    [hooked!, ...others].map(async (user) => ({
      user,
      readSnapId: (await expectStatus(201, call(lb, "POST", "/api/snaps", { key: user.key, body: { title: "read", rows: 3, cols: 3 } }), "snap")).body.snap.id,
      writeSnapId: (await expectStatus(201, call(lb, "POST", "/api/snaps", { key: user.key, body: { title: "write", rows: 1, cols: 1 } }), "snap")).body.snap
        .id,
    })),
  );
  await checkFilesAcrossInstances(lb, loadUsers[0]!);
  const liveSnap = (await expectStatus(201, call(lb, "POST", "/api/snaps", { key: liveOwner.key, body: { title: "live", rows: 1, cols: 1 } }), "snap")).body
    .snap;
  const live = new LiveClient(lb, liveSnap.id, liveOwner.key);
  live.start();
  await live.waitForConnections(1);
  const load = new Load(lb, loadUsers.slice(0, LOAD_LOOPS), LOAD_RATE, direct);
  load.start({ key: liveOwner.key, cardId: liveSnap.cards[0].id, intervalMs: 250 });
  log(`load: ${LOAD_RATE} requests/s in ${LOAD_LOOPS} loops (70 % reads, 20 % single writes, 10 % 100-card batches) + a live card every 250 ms`);

  // What the steady load costs, over its next MEASURED_REQUESTS answers.
  const instancePids = () => instances.map((instance) => instance.process!.pid!);
  const before = await sampleCost(instancePids(), direct, databaseName, pgbouncer.port);
  const measuredFrom = Date.now();
  await load.waitForMore(MEASURED_REQUESTS);
  const after = await sampleCost(instancePids(), direct, databaseName, pgbouncer.port);
  const measuredSeconds = (Date.now() - measuredFrom) / 1000;
  const cost = {
    appCpuMsPerRequest: (after.appCpuMs - before.appCpuMs) / MEASURED_REQUESTS,
    databaseCpuMsPerRequest: (after.databaseCpuMs - before.databaseCpuMs) / MEASURED_REQUESTS,
    requestsPerSecond: MEASURED_REQUESTS / measuredSeconds,
  };
  log(
    `cost: ${cost.appCpuMsPerRequest.toFixed(1)} ms app CPU and ${cost.databaseCpuMsPerRequest.toFixed(1)} ms database CPU per request of the mix ` +
      `(${MEASURED_REQUESTS} requests at ${cost.requestsPerSecond.toFixed(0)}/s); ${after.databaseConnections} database connections ` +
      `(${after.pooledServerConnections} PgBouncer server connections, the rest direct; by application_name ${JSON.stringify(after.byApplication)})`,
  );

  // 1. Rolling restart.
  for (const instance of instances) {
    const mark = haproxy.log.mark();
    const code = await instance.stop();
    expect(code === 0, `${instance.name}: npm start exited ${code} on SIGTERM (0 expected)`);
    await haproxy.log.waitFor(new RegExp(`instances/${instance.name} is DOWN`), mark, `${instance.name} DOWN`);
    const up = haproxy.log.mark();
    await instance.start();
    await haproxy.log.waitFor(new RegExp(`instances/${instance.name} is UP`), up, `${instance.name} UP`);
    log(`${instance.name} restarted`);
  }
  const rolling = load.takeCounts();
  log(`rolling restart: ${rolling.sent} requests sent, ${rolling.failed} failed`);
  for (const failure of rolling.failures.slice(0, 10)) log(`  ${failure}`);
  expect(rolling.failed === 0, "rolling restart: zero failed requests");
  expect(live.connections >= 2, `live: the stream moved instances during the restart (${live.servedBy.join(" → ")})`);

  // Webhooks, no instance killed: every event so far, at each endpoint exactly once.
  const eventsBefore = await eventIds(hooked!);
  await receiver.waitFor(() => eventsBefore.every((id) => receiver.count("/a", id) >= 1 && receiver.count("/b", id) >= 1), "the rolling phase's deliveries");
  const notOnce = eventsBefore.filter((id) => receiver.count("/a", id) !== 1 || receiver.count("/b", id) !== 1);
  expect(notOnce.length === 0, `webhooks: ${eventsBefore.length} events × 2 endpoints each delivered exactly once (${notOnce.length} not)`);

  // 2. kill -9 of the instance serving the live stream, with webhook deliveries held in flight.
  receiver.hold("/b");
  await receiver.waitFor(() => receiver.heldCount >= 3, "deliveries in flight");
  // The victim: an instance whose job worker holds a webhook job now; the live stream is moved onto it.
  const victim = await instanceHoldingJobs();
  while (live.servedBy.at(-1) !== victim.name) {
    const connections = live.connections;
    live.reconnectNow();
    await live.waitForConnections(connections + 1);
  }
  const lockedBefore = await lockedWorkers();
  const mark = haproxy.log.mark();
  const liveConnections = live.connections;
  await victim.kill();
  log(`killed ${victim.name} (kill -9 of its process group) with ${lockedBefore} job workers holding jobs`);
  await haproxy.log.waitFor(new RegExp(`instances/${victim.name} is DOWN`), mark, `${victim.name} DOWN`);
  receiver.release("/b");
  await live.waitForConnections(liveConnections + 1);
  const up = haproxy.log.mark();
  await victim.start();
  await haproxy.log.waitFor(new RegExp(`instances/${victim.name} is UP`), up, `${victim.name} UP`);
  const killed = load.takeCounts();
  log(`kill -9: ${killed.sent} requests sent, ${killed.failed} failed (in flight on ${victim.name})`);
  for (const failure of killed.failures.slice(0, 10)) log(`  ${failure}`);
  expect(killed.failed <= LOAD_LOOPS + 1, `kill -9: only requests in flight failed (${killed.failed} ≤ ${LOAD_LOOPS + 1}, one per client)`);
  expect(load.partialBatches === 0, `kill -9: no partial batch (${load.partialBatches})`);

  await load.stop();

  // 3. Every write exactly once; every live change once.
  const writes = await load.checkWrites();
  expect(
    writes.missing === 0 && writes.duplicated === 0 && writes.unexpected === 0,
    `writes: ${writes.checked} checked (${load.writes.filter((write) => write.kind === "batch").length} batches): ${writes.missing} missing, ${writes.duplicated} twice, ${writes.unexpected} unexpected`,
  );
  const finalVersion = (await expectStatus(200, call(lb, "GET", `/api/snaps/${liveSnap.id}`, { key: liveOwner.key }), "live snap")).body.snap.version as number;
  await live.waitForVersion(finalVersion);
  await live.stop();
  const expected = Array.from({ length: finalVersion - liveSnap.version }, (_, i) => liveSnap.version + 1 + i);
  const got = new Set(live.changeIds);
  const missed = expected.filter((version) => !got.has(version)).length;
  const twice = live.changeIds.length - got.size;
  expect(
    missed === 0 && twice === 0 && live.resets === 0,
    `live: ${expected.length} changes over ${live.connections} connections (${live.servedBy.join(" → ")}): ${missed} missed, ${twice} twice, ${live.resets} resets`,
  );

  // 4. Shared state, while the killed instance's webhook jobs are picked up.
  const eventsAll = await eventIds(hooked!);
  const [shared] = await Promise.all([
    checkSharedState(instances, lb, RATE_LIMIT, expect),
    receiver
      .waitFor(
        () => eventsAll.every((id) => receiver.count("/a", id) >= 1 && receiver.count("/b", id) >= 1),
        "every event at both endpoints after the kill",
        120_000,
      )
      .catch(async (error: Error) => {
        const missing = eventsAll.filter((id) => receiver.count("/a", id) === 0 || receiver.count("/b", id) === 0);
        const { rows } = await direct!.query(
          `SELECT d."eventId", d.status, d.attempts, d."lastError", w.url, o."claimedAt", o."claimedBy" FROM "WebhookDelivery" d JOIN "Webhook" w ON w.id = d."webhookId"
             LEFT JOIN "FeedEvent" e ON e.id = d."eventId" LEFT JOIN "WebhookOutbox" o ON o.seq = e.seq WHERE d."eventId" = ANY($1::text[])`,
          [missing],
        );
        const outbox = await direct!.query(`SELECT count(*)::int AS n, count("claimedAt")::int AS claimed FROM "WebhookOutbox"`);
        const jobs = await direct!.query(`SELECT task_identifier, locked_by, locked_at, attempts, run_at, last_error FROM graphile_worker.jobs`);
        console.error(JSON.stringify({ missing: missing.length, deliveries: rows.slice(0, 10), outbox: outbox.rows, jobs: jobs.rows.slice(0, 10) }, null, 1));
        throw error;
      }),
  ]);
  const releasedLines = instances.reduce(
    (sum, instance) => sum + (instance.log.text.match(/released webhook or import jobs of a worker that stopped/g)?.length ?? 0),
    0,
  );
  expect(releasedLines >= 1, `webhooks: the killed instance's jobs were released to the others (${releasedLines} release sweeps)`);
  const duplicates = eventsAll.filter((id) => receiver.count("/a", id) > 1 || receiver.count("/b", id) > 1).length;
  expect(true, `webhooks after the kill: ${eventsAll.length} events × 2 endpoints all delivered (${duplicates} more than once)`);
  const pending = await direct.query<{ count: number }>(`SELECT count(*)::int AS count FROM "WebhookDelivery" WHERE status <> 'succeeded'`);
  log(`webhook deliveries not succeeded in the database: ${pending.rows[0]!.count}`);

  // 5. MCP: each request of a conversation on the next instance, both revisions.
  await checkMcpConversations(instances, lb, expect);

  console.log("\n=== cluster figures ===");
  console.log(
    `requests sent: ${rolling.sent + killed.sent} (rolling restart ${rolling.sent}, kill -9 ${killed.sent}) + ${shared.requests} shared-state checks`,
  );
  console.log(`requests failed: rolling restart ${rolling.failed}, kill -9 ${killed.failed} (in flight on the killed instance)`);
  console.log(`writes checked: ${writes.checked} (${writes.missing} missing, ${writes.duplicated} twice); partial batches ${load.partialBatches}`);
  console.log(`live events missed: ${missed}, twice: ${twice}, over ${live.connections} connections`);
  console.log(`webhook events: ${eventsAll.length} × 2 endpoints; exactly once before the kill: ${notOnce.length === 0 ? "yes" : "no"}`);
  console.log(`rate limit: ${shared.rateLimited} accepted of a ${RATE_LIMIT} limit across 3 instances`);
  console.log(
    `cost per request of the mix: ${cost.appCpuMsPerRequest.toFixed(1)} ms app CPU, ${cost.databaseCpuMsPerRequest.toFixed(1)} ms database CPU; ` +
      `connections: ${after.databaseConnections} to PostgreSQL (${after.pooledServerConnections} through PgBouncer)`,
  );
  console.log(`time: ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
}

/** The event ids of a user's writes, from the feed's table. */
async function eventIds(user: User): Promise<string[]> {
  const { rows } = await direct!.query<{ id: string }>(`SELECT id FROM "FeedEvent" WHERE "actorUserId" = $1 ORDER BY seq`, [user.id]);
  return rows.map((row) => row.id);
}

/** The instance whose job worker process holds a webhook job (its liveness lock's session names its pid). */
async function instanceHoldingJobs(): Promise<Instance> {
  for (;;) {
    const { rows } = await direct!.query<{ application_name: string }>(
      `SELECT DISTINCT a.application_name FROM graphile_worker.jobs AS j
         JOIN pg_locks AS l ON l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 AND l.classid = $1::bigint::text::oid
           AND l.objid = ((hashtext(j.locked_by)::bigint + 4294967296) % 4294967296)::text::oid
         JOIN pg_stat_activity AS a ON a.pid = l.pid
        WHERE j.locked_by IS NOT NULL`,
      [WORKER_LIVENESS_LOCK_CLASS],
    );
    for (const row of rows) {
      const pid = Number(row.application_name.split(":")[1]);
      const owner = instances.find((instance) => instance.process && isDescendant(pid, instance.process.pid!));
      if (owner) return owner;
    }
    await receiver.waitForArrival(); // the next delivery that reaches the receiver: workers take jobs meanwhile
  }
}

function isDescendant(pid: number, ancestor: number): boolean {
  for (let at = pid; at > 1;) {
    if (at === ancestor) return true;
    try {
      const stat = readFileSync(`/proc/${at}/stat`, "utf8");
      at = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    } catch {
      return false;
    }
  }
  return false;
}

async function lockedWorkers(): Promise<number> {
  const { rows } = await direct!.query<{ count: number }>(
    "SELECT count(DISTINCT locked_by)::int AS count FROM graphile_worker.jobs WHERE locked_by IS NOT NULL",
  );
  return rows[0]!.count;
}

/** An upload through the balancer is the same bytes from every instance: the storage is shared. */
async function checkFilesAcrossInstances(lb: string, { user, readSnapId }: LoadUser): Promise<void> {
  const bytes = Buffer.from("cluster file ".repeat(1000));
  const uploaded = await fetch(`${lb}/api/snaps/${readSnapId}/files?name=notes.txt`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.key}`, "content-type": "text/plain" },
    body: bytes,
  });
  if (uploaded.status !== 201) throw new Error(`files: upload through the balancer answered ${uploaded.status}`);
  const { file } = (await uploaded.json()) as { file: { url: string } };
  for (const instance of instances) {
    const read = await fetch(`http://127.0.0.1:${instance.port}${file.url}`, { headers: { authorization: `Bearer ${user.key}` } });
    const body = Buffer.from(await read.arrayBuffer());
    if (read.status !== 200 || !body.equals(bytes)) throw new Error(`files: ${instance.name} answered ${read.status} with ${body.length} bytes`);
  }
  log("files: an upload through the balancer reads the same from all 3 instances (S3 storage)");
}

async function cleanUp(): Promise<void> {
  await s3?.close().catch(() => {});
  for (const instance of instances) instance.killQuietly();
  haproxy?.process.kill("SIGKILL");
  pgbouncer?.process.kill("SIGKILL");
  await receiver.stop().catch(() => {});
  await direct?.end().catch(() => {});
  await onServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => {});
  rmSync(folder, { recursive: true, force: true });
}

// Stopped from outside (Ctrl-C, CI's timeout) or crashed: nothing of the cluster is left running.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(1)));
}
// A wait that never ends (an engine that never answers) fails the run rather than hanging CI.
const WATCHDOG_MS = 8 * 60_000;
setTimeout(() => {
  console.error(`cluster test: still running after ${WATCHDOG_MS / 60_000} minutes; stopping`);
  for (const instance of instances) console.error(`\n--- ${instance.name} (last output)\n${instance.log.text.slice(-2500)}`);
  void cleanUp().finally(() => process.exit(1));
}, WATCHDOG_MS).unref();
process.once("uncaughtException", (error) => {
  console.error("cluster test crashed:", error);
  void cleanUp().finally(() => process.exit(1));
});

let exitCode = 0;
try {
  await main();
  if (problems.length > 0) {
    exitCode = 1;
    console.error(`\n${problems.length} check(s) failed:\n- ${problems.join("\n- ")}`);
  }
} catch (error) {
  exitCode = 1;
  console.error("\ncluster test failed:", error instanceof Error ? error.stack : error);
  for (const instance of instances) console.error(`\n--- ${instance.name} (last output)\n${instance.log.text.slice(-2500)}`);
  if (pgbouncer) console.error(`\n--- pgbouncer\n${pgbouncer.log.text.slice(-1500)}`);
  if (haproxy) console.error(`\n--- haproxy\n${haproxy.log.text.slice(-1500)}`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
