/**
 * `npm run bench`: the production build under load on a fresh PostgreSQL database
 * (docs/PERFORMANCE.md). Builds when stale (into NEXT_DIST_DIR, default .next-bench, so another
 * checkout's .next is left alone), seeds with SQL, starts `next start` and the plain floor server,
 * drives scenarios a–y with autocannon on loopback, prints one table and writes bench/results.json.
 *
 * Environment: BENCH_DURATION (s per scenario, default 10), BENCH_WARMUP (s, default 3),
 * BENCH_ROUNDS (default 5: the scenarios measured together are interleaved in that many rounds),
 * BENCH_CONNECTIONS (default 10), BENCH_SNAPS (f's smaller workspace, default 10000, and s's corpus below that; the larger is
 * 10 times that), BENCH_ONLY (e.g. "a,b,f"), BENCH_CPU_PROF=1 (the server writes a .cpuprofile into
 * $TMPDIR/snap-bench-profiles at exit), BENCH_NODE_FLAGS (node flags for the app server, e.g.
 * "--max-old-space-size=160"), BENCH_SERVER_LOG_DIR (every line each server prints goes to <pid>.log
 * there: with BENCH_NODE_FLAGS=--trace-gc, the servers' collections), DATABASE_URL (its server hosts the bench database; default
 * 127.0.0.1:5432), DATABASE_POOL_SIZE (passed to the app and the floor server), BENCH_APP_DIR
 * (another checkout, already built into its NEXT_DIST_DIR, runs as the app: a before and after
 * against the same floors), BENCH_NEXT_FLOOR=off (h–k without the Next floor, which is a second
 * `next build`: CI's smoke run checks the app's scenarios, not the ratios), BENCH_AT_LEAST (answers
 * every scenario must have: CI's one-second smoke sets it, so that a scenario whose requests take
 * longer than its second is still shown to answer).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, freemem, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { Principal } from "../lib/request/principal";
import { createBenchDatabase, SEARCH_TERM, seedFixtures, seedListingSnaps, seedOAuthAccessToken } from "./database";
import { type DatabaseCpuMeter, databaseCpuMeter } from "./database-cpu";
import { type ListingPlans, explainListing } from "./listing-plan";
import { explainBatchWrites, type WritePlans } from "./write-plans";
import { loadInterleaved, type LoadOptions, type LoadResult } from "./load";
import { BASELINE_PATH, scenarioRequests, snapPath as snapPathOf } from "./scenarios";
import { explainSearch, SEARCH_CARDS_PER_SNAP, SEARCH_QUERY, SEARCH_SNAPS, searchIndexSwitch, seedSearchCorpus, type SearchPlans } from "./search";
import { changeRequests, seedChangeScenarios } from "./change-scenarios";
import { commentRequest, seedCommentScenario } from "./comment-scenario";
import { spawnJobWorker } from "../scripts/job-worker-process";
import { memoryMb, type RunningServer, startApp, startFloor, startNextFloor } from "./server";
import { readServerMetrics } from "./server-metrics";
import { analyzeWrittenTables, minimalRequest, seedWriteFixtures, WRITE_CONNECTIONS, writeRequests } from "./write-fixtures";

process.env.NEXT_DIST_DIR ||= ".next-bench";

const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`);
  return value;
};
const SECONDS = numberEnv("BENCH_DURATION", 10);
const WARMUP = numberEnv("BENCH_WARMUP", Math.min(3, SECONDS));
const CONNECTIONS = numberEnv("BENCH_CONNECTIONS", 10);
const SMALL = numberEnv("BENCH_SNAPS", 10_000);
const LARGE = SMALL * 10;
/** s's corpus: SEARCH_SNAPS at the default BENCH_SNAPS, a tenth of BENCH_SNAPS below it (CI's smoke). */
const SEARCH_CORPUS_SNAPS = Math.min(SEARCH_SNAPS, Math.ceil(SMALL / 10));
/** Rounds each run is cut into (interleaving the scenarios measured together); slices of at least 1 s. */
const ROUNDS = Math.max(1, Math.min(numberEnv("BENCH_ROUNDS", 5), Math.floor(SECONDS)));
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",").map((s) => s.trim())) : null;
const POOL_SIZE = process.env.DATABASE_POOL_SIZE ?? "10";
const WITH_NEXT_FLOOR = process.env.BENCH_NEXT_FLOOR !== "off";
const AT_LEAST = numberEnv("BENCH_AT_LEAST", 0);
/**
 * Single writes of each kind sent to each server before h–k are measured: enough for the app, which
 * has far more code to warm up than the floors (with 200 the kind measured first paid for it), and
 * a few in a smoke run without warm-up, where they only check every server answers 2xx.
 */
const WRITE_WARMUP_REQUESTS = WARMUP > 0 ? 1_000 : 20;

/** A server the single writes (h–k) are sent to; `only` a kind it takes alone, `route` its own path for the kind's requests. */
interface WriteServer {
  name: string;
  suffix: string;
  server: RunningServer;
  label: string;
  only?: string;
  route?: typeof minimalRequest;
}

interface Scenario extends LoadResult {
  id: string;
  label: string;
  /** The app server's RSS when the scenario ended, in MB. */
  rssAfterMb: number | null;
}

const log = (line: string) => console.error(`[bench] ${line}`);
const wanted = (id: string) => !ONLY || ONLY.has(id) || ONLY.has(id[0] ?? "");
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const ratio = (x?: number, y?: number) => (x !== undefined && y !== undefined && y > 0 ? round(x / y) : null);

/** One request before the load: the scenario must answer as expected, or the numbers mean nothing. */
async function check(url: string, init: RequestInit, expected: number): Promise<unknown> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${init.method ?? "GET"} ${url} answered ${response.status}, expected ${expected}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function main() {
  const { ensureBuild } = await import("../scripts/ensure-build");
  if (!process.env.BENCH_APP_DIR) await ensureBuild({ log });

  log("creating and seeding a fresh database");
  const database = await createBenchDatabase();
  const servers: RunningServer[] = [];
  let rssTimer: NodeJS.Timeout | undefined;
  let databaseCpu: DatabaseCpuMeter | undefined;
  let stopWorker = () => {};
  try {
    const authSecret = randomBytes(32).toString("base64url");
    const fixtures = await seedFixtures(database.url, authSecret, CONNECTIONS);
    await seedListingSnaps(database.url, fixtures, SMALL);
    const mentioned = wanted("m") ? await seedCommentScenario(database.url, fixtures) : [];
    // From here on, lib code imported into this process (checks, EXPLAIN) uses the bench database:
    // lib/db/client reads DATABASE_URL when first imported.
    process.env.DATABASE_URL = database.url;

    const serverEnv = { DATABASE_URL: database.url, AUTH_SECRET: authSecret, DATABASE_POOL_SIZE: POOL_SIZE };
    const profileDir = join(tmpdir(), "snap-bench-profiles");
    if (process.env.BENCH_CPU_PROF === "1") {
      mkdirSync(profileDir, { recursive: true });
      log(`the server writes its CPU profile into ${profileDir} when it stops`);
    }
    const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);
    if (process.env.BENCH_CPU_PROF === "1") nodeFlags.push("--cpu-prof", `--cpu-prof-dir=${profileDir}`);
    // As `npm start` runs them: the job worker (the webhook fan-out every write wakes, pruning) in a
    // process of its own at the lowest priority, the app without one.
    const worker = spawnJobWorker({ ...process.env, ...serverEnv, NODE_ENV: "production", LOG_LEVEL: "warn" });
    stopWorker = () => worker.kill();
    const app = await startApp({ ...serverEnv, JOB_WORKER: "off" }, nodeFlags, process.env.BENCH_APP_DIR || process.cwd());
    servers.push(app);
    const floor = await startFloor(serverEnv);
    servers.push(floor);
    log(`app at ${app.baseUrl} (pid ${app.pid}), floor at ${floor.baseUrl}`);

    const idleRssMb = memoryMb(app.pid)?.rss ?? null;
    let maxRss = 0;
    rssTimer = setInterval(() => {
      maxRss = Math.max(maxRss, memoryMb(app.pid)?.rss ?? 0);
    }, 250);

    const requests = scenarioRequests(fixtures, app.baseUrl);
    const comment = commentRequest(fixtures, app.baseUrl, mentioned);
    const keyAuth = { authorization: `Bearer ${fixtures.apiKey}` };
    const cookieAuth = { cookie: fixtures.sessionCookie };
    const snapPath = snapPathOf(fixtures);

    // The floor must answer what the app answers, or b/g compares different work.
    const [appSnap, floorSnap] = await Promise.all([
      check(app.baseUrl + snapPath, { headers: keyAuth }, 200),
      check(floor.baseUrl + snapPath, { headers: keyAuth }, 200),
    ]);
    if (!isDeepStrictEqual(appSnap, floorSnap)) throw new Error("the floor server's GET /api/snaps/:id body differs from the app's");
    // GET /api/snaps/:id builds its JSON in SQL (lib/board-model/find-snap-detail.ts): it must stay the
    // snap that Prisma's snapDetailSelect reads.
    const { findSnapDetail } = await import("../lib/board-model/find-snap-detail");
    const viaPrisma = JSON.parse(JSON.stringify({ snap: await findSnapDetail({ id: fixtures.readSnapId }) })) as unknown;
    if (!isDeepStrictEqual(appSnap, viaPrisma)) throw new Error("GET /api/snaps/:id differs from findSnapDetail (snapDetailSelect)");
    await check(app.baseUrl + snapPath, { headers: cookieAuth }, 200);
    const oauthAuth = { authorization: `Bearer ${await seedOAuthAccessToken(database.url, fixtures, app.baseUrl)}` };
    const oauthSnap = await check(app.baseUrl + snapPath, { headers: oauthAuth }, 200);
    if (!isDeepStrictEqual(appSnap, oauthSnap)) throw new Error("GET /api/snaps/:id with an OAuth token differs from the same with a key");
    await check(app.baseUrl + BASELINE_PATH, {}, 404);

    const results: Scenario[] = [];
    databaseCpu = await databaseCpuMeter(database.url);
    const common = { connections: CONNECTIONS, warmupSeconds: WARMUP, seconds: SECONDS, serverPid: app.pid, databaseCpu, atLeast: AT_LEAST };
    type Planned = { id: string; label: string; options: LoadOptions };
    const plan = (id: string, label: string, options: Omit<LoadOptions, keyof typeof common> & Partial<LoadOptions>): Planned[] =>
      wanted(id) ? [{ id, label, options: { ...common, ...options } }] : [];
    /** Measures the scenarios interleaved (see bench/load.ts), so that their ratios hold on a busy machine. */
    const measure = async (planned: Planned[]) => {
      if (planned.length === 0) return;
      log(`measuring ${planned.map((p) => p.id).join(", ")} interleaved, ${ROUNDS} rounds`);
      const rss = new Map<string, number>();
      const measured = await loadInterleaved(planned, ROUNDS, (id) => rss.set(id, Math.max(rss.get(id) ?? 0, memoryMb(app.pid)?.rss ?? 0)));
      for (const { id, label } of planned) {
        const result = measured.get(id)!;
        results.push({ id, label, ...result, rssAfterMb: rss.get(id) || null });
        if (result.non2xx || result.errors) log(`${id}: ${result.non2xx} non-2xx answers, ${result.errors} errors or timeouts`);
      }
    };

    await measure([
      ...(["a", "b", "c"] as const).flatMap((id) => plan(id, requests[id].label, requests[id].request)),
      // The framework's floor for the single writes (h–k) at 1 connection.
      ...plan("a1", `${requests.a.label}, 1 connection`, { ...requests.a.request, connections: 1 }),
      // o beside b: the same request with an OAuth access token instead of the key.
      ...plan("o", "GET /api/snaps/:id, 100 cards, OAuth access token", { ...requests.b.request, headers: oauthAuth }),
      ...plan("g", "floor: node:http + pg, b's query", { ...requests.b.request, url: floor.baseUrl + snapPath, serverPid: floor.pid }),
      ...(["d", "e"] as const).flatMap((id) => plan(id, requests[id].label, requests[id].request)),
      // With 10 connections the p50 of a batch is about 10 ÷ its throughput (Little's law): one
      // client sending back to back gives the latency of one batch, which the 25 ms target is about.
      ...(["d", "e"] as const).flatMap((id) => plan(`${id}1`, `${requests[id].label}, 1 connection`, { ...requests[id].request, connections: 1 })),
      // Side by side with d: a comment with three mentions costs no more than a 100-card batch.
      ...plan("m", comment.label, comment.request),
      ...plan("m1", `${comment.label}, 1 connection`, { ...comment.request, connections: 1 }),
    ]);

    // x, y, r, q: many cards as one change, beside d and e again at one connection, so that the cost
    // per 100 items compares within one run (bench/change-scenarios.ts).
    const changeKinds = (["x", "y", "r", "q"] as const).filter((id) => wanted(id));
    if (changeKinds.length > 0) {
      log("seeding the change scenarios' snaps");
      const changes = changeRequests(await seedChangeScenarios(database.url, fixtures), fixtures, app.baseUrl);
      for (const id of changeKinds) {
        const { url, method, headers, body, request } = changes[id].request;
        const sent = request?.(0);
        await check(sent ? url + sent.path : url, { method, headers, body: sent ? sent.body : body?.(0, 0) }, 200);
      }
      await measure([
        ...plan("x-d1", `${requests.d.label}, 1 connection, beside x–r`, { ...requests.d.request, connections: 1 }),
        ...plan("x-e1", `${requests.e.label}, 1 connection, beside x–r`, { ...requests.e.request, connections: 1 }),
        ...changeKinds.flatMap((id) => plan(`${id}1`, `${changes[id].label}, 1 connection`, { ...changes[id].request, connections: 1 })),
      ]);
    }

    // h–k: single writes, the app against two floors doing the same durable work in one round trip
    // (bench/write-floor-handler.ts): the Next floor, a bare Next app of the same version (the stack's
    // own floor, the target's), and the plain node:http one (the hardware's). Each kind at 1 connection
    // and at WRITE_CONNECTIONS connections on as many snaps.
    const writeKinds = (["h", "i", "j", "k"] as const).filter((id) => wanted(id));
    if (writeKinds.length > 0) {
      log("seeding the single-write scenarios' snaps");
      const writes = writeRequests(await seedWriteFixtures(database.url, fixtures, WARMUP + SECONDS, 3 * WRITE_WARMUP_REQUESTS));
      const nextFloor = WITH_NEXT_FLOOR ? await startNextFloor(serverEnv, nodeFlags, log) : null;
      if (nextFloor) servers.push(nextFloor);
      const writeFloor = await startFloor(serverEnv, ["--conditions=react-server", "bench/write-floor-server.ts"]);
      servers.push(writeFloor);
      const writeServers: WriteServer[] = [
        { name: "the app", suffix: "", server: app, label: "" },
        ...(nextFloor ? [{ name: "the Next floor", suffix: "n", server: nextFloor, label: "Next floor: " }] : []),
        { name: "the write floor", suffix: "f", server: writeFloor, label: "write floor: " },
        // hm: the card PATCH's least statement (bench/minimal-write-sql.ts) in the Next floor, beside hn.
        ...(nextFloor
          ? [
              {
                name: "the Next floor's minimal statement",
                suffix: "m",
                server: nextFloor,
                label: "Next floor, minimal statement: ",
                only: "h",
                route: minimalRequest,
              },
            ]
          : []),
      ];
      for (const id of writeKinds) {
        const { label, method, headers, request } = writes[id];
        const base = { method, headers: { ...keyAuth, ...headers }, request };
        // Requests one by one first: every server must answer 2xx, or the ratio compares failures; and
        // all are warm (route modules loaded, code optimized, statements prepared) before the first
        // measured kind, which would otherwise bear the server's start on a busy machine.
        const servers = writeServers
          .filter((entry) => !entry.only || entry.only === id)
          .map((entry) => ({ ...entry, request: entry.route ? entry.route(request) : request }));
        for (const { name, server, request } of servers) {
          for (let n = 0; n < WRITE_WARMUP_REQUESTS; n++) {
            const { path, body } = request(0);
            const response = await fetch(server.baseUrl + path, { method, headers: base.headers, body });
            const text = await response.text();
            if (!response.ok) throw new Error(`${method} ${path} answered ${response.status} on ${name}: ${text}`);
          }
        }
        await analyzeWrittenTables(database.url);
        await measure(
          servers.flatMap(({ suffix, server, label: serverLabel, request }) =>
            [1, WRITE_CONNECTIONS].flatMap((connections) =>
              plan(`${id}${suffix}${connections}`, `${serverLabel}${label}, ${connections} connection${connections > 1 ? "s" : ""}`, {
                ...base,
                request,
                url: server.baseUrl,
                connections,
                serverPid: server.pid,
              }),
            ),
          ),
        );
      }
    }

    const principal: Principal = { userId: fixtures.userId, workspaceId: fixtures.workspaceId, role: "admin", via: "apiKey", apiKeyId: "bench" };
    // After d and e ran, so the plans are those of tables grown by their writes.
    const writePlans = wanted("d") || wanted("e") ? await explainBatchWrites(database.url, principal, fixtures) : null;
    const plans: Record<string, ListingPlans> = {};
    if (wanted("f")) {
      for (const size of [SMALL, LARGE]) {
        if (size === LARGE) {
          log(`growing the workspace to ${LARGE} snaps`);
          await seedListingSnaps(database.url, fixtures, LARGE);
        }
        await check(requests.f.request.url, { headers: keyAuth }, 200);
        plans[size] = await explainListing(database.url, principal, SEARCH_TERM);
        await measure([
          ...plan(`f${size}`, `${requests.f.label}, ${size} snaps`, requests.f.request),
          ...plan(`f${size}x1`, `${requests.f.label}, ${size} snaps, 1 connection`, { ...requests.f.request, connections: 1 }),
        ]);
      }
    }

    // s: full-text search over 1,000 snaps / 100,000 cards (at the default BENCH_SNAPS) at one connection, and what the search
    // indexes cost the 100-card batch PATCH: d at one connection with them and without them, interleaved.
    let searchPlans: SearchPlans | null = null;
    if (wanted("s")) {
      log(`seeding the search corpus: ${SEARCH_CORPUS_SNAPS} snaps, ${SEARCH_CORPUS_SNAPS * SEARCH_CARDS_PER_SNAP} cards`);
      await seedSearchCorpus(database.url, fixtures, SEARCH_CORPUS_SNAPS);
      const searchRequest = { url: `${app.baseUrl}/api/search?${new URLSearchParams({ q: SEARCH_QUERY })}`, headers: keyAuth };
      const found = (await check(searchRequest.url, { headers: keyAuth }, 200)) as { results: unknown[] };
      if (found.results.length === 0) throw new Error(`GET /api/search?q=${SEARCH_QUERY} found nothing in the corpus`);
      searchPlans = await explainSearch(database.url, principal);
      const indexes = await searchIndexSwitch(database.url);
      try {
        await measure([
          ...plan("s1", `GET /api/search "${SEARCH_QUERY}", 1 connection`, { ...searchRequest, connections: 1, prepare: () => indexes.set(true) }),
          ...plan("s-d1", `${requests.d.label}, 1 connection, with the search indexes`, {
            ...requests.d.request,
            connections: 1,
            prepare: () => indexes.set(true),
          }),
          ...plan("s-d1-none", `${requests.d.label}, 1 connection, without them`, { ...requests.d.request, connections: 1, prepare: () => indexes.set(false) }),
        ]);
      } finally {
        await indexes.close();
      }
    }

    clearInterval(rssTimer);
    const serverMetrics = await readServerMetrics(app.baseUrl);
    const bcryptCompares = serverMetrics?.bcryptCompares ?? null;
    if (serverMetrics) {
      const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
      log(
        `server memory at the end: V8 heap ${mb(serverMetrics.heapUsedBytes)} used of ${mb(serverMetrics.heapTotalBytes)}, external ${mb(serverMetrics.externalBytes)}`,
      );
    }
    const memory = memoryMb(app.pid);

    report({ results, plans, writePlans, searchPlans, bcryptCompares, idleRssMb, peakRssMb: memory?.peak ?? null, maxSampledRssMb: maxRss || null });
    if (results.some((r) => r.non2xx || r.errors)) {
      for (const server of servers.slice(2)) console.error(server.log.slice(-20).join("\n"));
      console.error(app.log.slice(-40).join("\n"));
      throw new Error("some requests failed; the figures above are not valid");
    }
  } finally {
    clearInterval(rssTimer);
    await databaseCpu?.close();
    if (process.env.DATABASE_URL === database.url) {
      const { db, pool } = await import("../lib/db/client");
      await db.$disconnect(); // also ends the pool (disposeExternalPool)
      if (!(pool as { ended?: boolean }).ended) await pool.end();
    }
    await Promise.all(servers.map((server) => server.stop()));
    stopWorker();
    await database.drop();
  }
}

/** Server and database CPU per request (the cost a write adds wherever it lands). */
function cpuPerRequest(result: Scenario | undefined): number | undefined {
  if (!result) return undefined;
  return result.cpuMsPerReq + (result.dbCpuMsPerReq ?? 0);
}

interface Report {
  results: Scenario[];
  plans: Record<string, ListingPlans>;
  writePlans: WritePlans | null;
  searchPlans: SearchPlans | null;
  bcryptCompares: number | null;
  idleRssMb: number | null;
  peakRssMb: number | null;
  maxSampledRssMb: number | null;
}

function report({ results, plans, writePlans, searchPlans, bcryptCompares, idleRssMb, peakRssMb, maxSampledRssMb }: Report) {
  const byId = new Map(results.map((r) => [r.id, r]));
  const get = (id: string) => byId.get(id);
  const [small, large] = [get(`f${SMALL}`), get(`f${LARGE}`)];
  const [small1, large1] = [get(`f${SMALL}x1`), get(`f${LARGE}x1`)];
  const ratios = {
    "b/a req/s": ratio(get("b")?.reqPerSec, get("a")?.reqPerSec),
    "c/a req/s": ratio(get("c")?.reqPerSec, get("a")?.reqPerSec),
    "b/g req/s": ratio(get("b")?.reqPerSec, get("g")?.reqPerSec),
    "o/b req/s": ratio(get("o")?.reqPerSec, get("b")?.reqPerSec),
    "m/d p50": ratio(get("m")?.p50, get("d")?.p50),
    "m/d cpu ms/req": ratio(get("m")?.cpuMsPerReq, get("d")?.cpuMsPerReq),
    "m1/d1 p50": ratio(get("m1")?.p50, get("d1")?.p50),
    [`f(${LARGE})/f(${SMALL}) p50`]: ratio(large?.p50, small?.p50),
    [`f(${LARGE})/f(${SMALL}) p99`]: ratio(large?.p99, small?.p99),
    [`f(${LARGE})/f(${SMALL}) p50, 1 connection`]: ratio(large1?.p50, small1?.p50),
    [`f(${LARGE})/f(${SMALL}) p99, 1 connection`]: ratio(large1?.p99, small1?.p99),
    "d with/without search indexes p50, 1 connection": ratio(get("s-d1")?.p50, get("s-d1-none")?.p50),
    "d with/without search indexes server+db cpu": ratio(cpuPerRequest(get("s-d1")), cpuPerRequest(get("s-d1-none"))),
    // A 5,000-item change against 50 batches of 100 (the same items): 1 means the same cost per item.
    "x1/(50 × d1) p50": ratio(get("x1")?.p50, 50 * (get("x-d1")?.p50 ?? NaN)),
    "x1/(50 × d1) server+db cpu": ratio(cpuPerRequest(get("x1")), 50 * (cpuPerRequest(get("x-d1")) ?? NaN)),
    "y1/(50 × e1) p50": ratio(get("y1")?.p50, 50 * (get("x-e1")?.p50 ?? NaN)),
    "y1/(50 × e1) server+db cpu": ratio(cpuPerRequest(get("y1")), 50 * (cpuPerRequest(get("x-e1")) ?? NaN)),
    ...Object.fromEntries(
      ["h", "i", "j", "k"].flatMap((id) =>
        [1, WRITE_CONNECTIONS].flatMap((n) =>
          ["n", "f"].map((floor) => [`${id}${n}/${id}${floor}${n} req/s`, ratio(get(`${id}${n}`)?.reqPerSec, get(`${id}${floor}${n}`)?.reqPerSec)]),
        ),
      ),
    ),
    // The app's statement against the least one with the same effects, both in the Next floor.
    ...Object.fromEntries([1, WRITE_CONNECTIONS].map((n) => [`hm${n}/hn${n} req/s`, ratio(get(`hm${n}`)?.reqPerSec, get(`hn${n}`)?.reqPerSec)])),
  };
  const targets = [
    { target: "b ≥ 0.7 × a", met: ratios["b/a req/s"] === null ? null : ratios["b/a req/s"] >= 0.7 },
    { target: "c ≥ 0.6 × a", met: ratios["c/a req/s"] === null ? null : ratios["c/a req/s"] >= 0.6 },
    // "No more than a key": an OAuth token's one indexed lookup against the key's, within the noise of one run.
    { target: "o ≥ 0.95 × b (OAuth token vs API key)", met: ratios["o/b req/s"] === null ? null : ratios["o/b req/s"] >= 0.95 },
    { target: "bcrypt at most once per key per process (1 key)", met: bcryptCompares === null ? null : bcryptCompares <= 1 },
    { target: "d p50 ≤ 25 ms (1 connection)", met: get("d1") ? get("d1")!.p50 <= 25 : null },
    { target: "e p50 ≤ 25 ms (1 connection)", met: get("e1") ? get("e1")!.p50 <= 25 : null },
    {
      target: "m (a comment, 3 mentions) costs ≤ d (100-card PATCH): p50 and cpu, 10 and 1 connections",
      met:
        get("m") && get("d") && get("m1") && get("d1")
          ? get("m")!.p50 <= get("d")!.p50 && get("m")!.cpuMsPerReq <= get("d")!.cpuMsPerReq && get("m1")!.p50 <= get("d1")!.p50
          : null,
    },
    { target: `f p99 ≤ 50 ms at ${LARGE} snaps (1 connection)`, met: large1 ? large1.p99 <= 50 : null },
    { target: `f p99 ≤ 50 ms at ${LARGE} snaps (${CONNECTIONS} connections)`, met: large ? large.p99 <= 50 : null },
    {
      target: "f(10×)/f(1×) latency ≤ 2 (p50 and p99, both loads)",
      met:
        small && large && small1 && large1
          ? Math.max(large.p50 / small.p50, large.p99 / small.p99, large1.p50 / small1.p50, large1.p99 / small1.p99) <= 2
          : null,
    },
    { target: "s p95 ≤ 50 ms (1 connection)", met: get("s1") ? get("s1")!.p95 <= 50 : null },
    {
      target: "d with search indexes ≤ 1.1 × without (p50, 1 connection)",
      met: ratios["d with/without search indexes p50, 1 connection"] === null ? null : ratios["d with/without search indexes p50, 1 connection"] <= 1.1,
    },
    ...["h", "i", "j", "k"].flatMap((id) =>
      [1, WRITE_CONNECTIONS].map((n) => {
        const value = ratio(get(`${id}${n}`)?.reqPerSec, get(`${id}n${n}`)?.reqPerSec);
        return { target: `${id} ≥ 0.85 × its Next floor (${n} connection${n > 1 ? "s" : ""})`, met: value === null ? null : value >= 0.85 };
      }),
    ),
    ...[1, WRITE_CONNECTIONS].map((n) => {
      const value = ratios[`hm${n}/hn${n} req/s`];
      return {
        target: `h's statement within 1.3 × the minimal one in the Next floor (${n} connection${n > 1 ? "s" : ""})`,
        met: value == null ? null : value <= 1.3,
      };
    }),
    ...(["x1/(50 × d1)", "y1/(50 × e1)"] as const).map((name) => {
      const [p50, cpu] = [ratios[`${name} p50`], ratios[`${name} server+db cpu`]];
      return {
        target: `${name[0]}: 5,000 items cost ≤ 2 × a 100-card batch per 100 (p50 and server+db cpu)`,
        met: p50 === null || cpu === null ? null : p50 <= 2 && cpu <= 2,
      };
    }),
    { target: "r p50 ≤ 300 ms (PUT range 50 × 40, 1 connection)", met: get("r1") ? get("r1")!.p50 <= 300 : null },
    { target: "server peak RSS ≤ 300 MB", met: peakRssMb === null ? null : peakRssMb <= 300 },
  ];

  const rows = results.map((r) => [
    r.id,
    r.label,
    String(Math.round(r.reqPerSec)),
    String(r.p50),
    String(r.p99),
    r.cpuMsPerReq.toFixed(2),
    r.dbCpuMsPerReq === null ? "n/a" : r.dbCpuMsPerReq.toFixed(2),
    r.rssAfterMb === null ? "n/a" : r.rssAfterMb.toFixed(0),
    String(r.requests),
    String(r.non2xx + r.errors),
  ]);
  const header = ["", "scenario", "req/s", "p50 ms", "p99 ms", "cpu ms/req", "db cpu ms/req", "RSS MB", "requests", "failed"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  console.log(
    `\n${CONNECTIONS} connections, ${WARMUP} s warm-up + ${SECONDS} s per scenario in ${ROUNDS} interleaved rounds, DATABASE_POOL_SIZE=${POOL_SIZE}; ` +
      `cpu = server process user+system time per request, db cpu = the database backends' time per request\n`,
  );
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(
    "\nratios: " +
      Object.entries(ratios)
        .map(([k, v]) => `${k} = ${v ?? "n/a"}`)
        .join(", "),
  );
  console.log(
    `bcrypt compares in the server: ${bcryptCompares ?? "n/a"}; server peak RSS: ${peakRssMb?.toFixed(0) ?? "n/a"} MB ` +
      `(VmHWM; ${idleRssMb?.toFixed(0) ?? "n/a"} MB idle after start, at most ${maxSampledRssMb?.toFixed(0) ?? "n/a"} MB sampled under load)`,
  );
  for (const [size, p] of Object.entries(plans)) {
    console.log(
      `listing at ${size} snaps: ${p.returned} of ${p.total} matches returned; in-process lib call median ${p.libMedianMs.toFixed(1)} ms; SQL execution ${p.plans.map((x) => `${x.executionMs} ms`).join(" + ")}`,
    );
  }
  if (writePlans) {
    const summary = (plans: WritePlans["update"]) => plans.map((plan) => `${plan.executionMs} ms`).join(" + ");
    const scans = [...writePlans.update, ...writePlans.create].flatMap((plan) => plan.sequentialScans);
    console.log(
      `batch writes at ${writePlans.snaps} snaps and ${writePlans.cards} cards: PATCH SQL execution ${summary(writePlans.update)}, ` +
        `POST ${summary(writePlans.create)}; sequential scans: ${scans.length ? scans.join(", ") : "none"}`,
    );
  }
  if (searchPlans) {
    const s1 = get("s1");
    console.log(
      `search "${SEARCH_QUERY}" at ${SEARCH_CORPUS_SNAPS} snaps / ${SEARCH_CORPUS_SNAPS * SEARCH_CARDS_PER_SNAP} cards: p50 ${s1?.p50 ?? "n/a"} ms, p95 ${s1?.p95 ?? "n/a"} ms (1 connection); ` +
        `${searchPlans.returned} results; in-process lib call median ${searchPlans.libMedianMs.toFixed(1)} ms; SQL execution ${searchPlans.plans.map((x) => `${x.executionMs} ms`).join(" + ")}`,
    );
    for (const { plan } of searchPlans.plans.slice(1)) console.log(plan);
  }
  console.log("targets: " + targets.map((t) => `${t.target}: ${t.met === null ? "n/a" : t.met ? "met" : "MISSED"}`).join("; "));

  const output = {
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? "",
      memoryMb: Math.round(totalmem() / 2 ** 20),
      freeMemoryMb: Math.round(freemem() / 2 ** 20),
      loadAverage: loadavg().map((l) => round(l)),
      node: process.version,
    },
    config: {
      seconds: SECONDS,
      rounds: ROUNDS,
      warmupSeconds: WARMUP,
      connections: CONNECTIONS,
      atLeast: AT_LEAST,
      snaps: [SMALL, LARGE],
      poolSize: Number(POOL_SIZE),
      nodeFlags: process.env.BENCH_NODE_FLAGS ?? "",
      distDir: process.env.NEXT_DIST_DIR,
    },
    scenarios: results.map((r) => ({
      ...r,
      reqPerSec: round(r.reqPerSec, 1),
      cpuMsPerReq: round(r.cpuMsPerReq, 3),
      dbCpuMsPerReq: r.dbCpuMsPerReq === null ? null : round(r.dbCpuMsPerReq, 3),
      rssAfterMb: r.rssAfterMb === null ? null : round(r.rssAfterMb, 1),
    })),
    ratios,
    bcryptCompares,
    idleRssMb: idleRssMb === null ? null : round(idleRssMb, 1),
    peakRssMb: peakRssMb === null ? null : round(peakRssMb, 1),
    maxSampledRssMb: maxSampledRssMb === null ? null : round(maxSampledRssMb, 1),
    targets,
    listing: plans,
    writes: writePlans,
    search: searchPlans,
  };
  writeFileSync("bench/results.json", JSON.stringify(output, null, 2) + "\n");
  log("wrote bench/results.json");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
