/**
 * `npm start` (through scripts/start.mjs, which compiles this file): the one command a new user
 * runs. Builds the app when the build is missing or stale, picks the database (DATABASE_URL, else
 * the embedded PostgreSQL in data/postgres, started by this process), applies the committed migrations, provides AUTH_SECRET, then runs
 * `next start` with DATABASE_URL set: the app itself only ever reads DATABASE_URL. The job worker
 * (webhook deliveries, the feed's pruning) runs beside it in a process of its own (JOB_WORKER).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DATA_DIR, DEFAULT_DATA_DIR, PROJECT_ROOT, startEmbeddedPostgres, waitForRunningEmbeddedPostgres, type EmbeddedPostgres } from "../lib/db/embedded.ts";
import { EmbeddedInUseError, findRunningEmbeddedPostgres } from "../lib/db/embedded-state-file.ts";
import { applyMigrations } from "../lib/db/migrate.ts";
import { IN_FLIGHT_LIMIT_SECONDS, shutdownDrainSeconds } from "../lib/http/shutdown-settings.ts";
import { staleBuildReason } from "./ensure-build.ts";
import { spawnJobWorker } from "./job-worker-process.ts";
import { KEEP_ALIVE_TIMEOUT_MS, keepAliveArgs } from "./server-keep-alive.ts";
import { serverNodeOptions } from "./server-node-options.ts";

process.chdir(PROJECT_ROOT); // next and the migration runner resolve paths from the project root
const NEXT_BIN = path.join("node_modules", "next", "dist", "bin", "next"); // run with node: portable, no shell
/**
 * Next's standalone output (the container image, Containerfile): a build made beforehand, with its
 * own server.js in place of `next start` and no sources or Next CLI to build with.
 */
const STANDALONE_SERVER = "server.js";
const standalone = existsSync(path.join(PROJECT_ROOT, STANDALONE_SERVER));
const log = (line: string) => console.log(`[start] ${line}`);

/** AUTH_SECRET from the environment, else one generated once and kept in <data folder>/auth-secret. */
function authSecret(): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = path.join(DATA_DIR, "auth-secret");
  const kept = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  if (kept) return kept;
  mkdirSync(DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // Exclusive: of two instances started together, both must use the secret the first one wrote.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: existsSync(file) ? "w" : "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return authSecret();
    throw error;
  }
  chmodSync(file, 0o600); // in case an empty file with other permissions was there
  return secret;
}

// --- Child processes and shutdown ---------------------------------------------------------------

let child: ChildProcess | undefined;
let jobWorker: ChildProcess | undefined;
let stopping = false;
let database: Promise<EmbeddedPostgres> | undefined; // a promise: a signal may come while it starts
/** Resolves when a stop is asked for: ends a wait before restarting a process. */
let onStop: () => void = () => {};
const stopAsked = new Promise<void>((resolve) => (onStop = resolve));

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}
const describeExit = ({ code, signal }: Exit) => (signal ? `killed by ${signal}` : `exit code ${code}`);

/** Runs `node <args>` (Next's CLI, or a standalone build's server.js); resolves with how it ended. */
function next(args: string[], env: NodeJS.ProcessEnv): Promise<Exit> {
  return new Promise((resolve, reject) => {
    child = spawn(process.execPath, args, { env, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      child = undefined;
      resolve({ code, signal });
    });
  });
}

/**
 * A process that dies soon after its start (the database away, a crash at start) is started again
 * later each time, 1 s doubling up to 30 s; one that ran a minute starts again after 1 s.
 */
class RestartDelay {
  private delayMs = 1_000;
  next(startedAt: number): number {
    const delayMs = Date.now() - startedAt > 60_000 ? 1_000 : this.delayMs;
    this.delayMs = Math.min(delayMs * 2, 30_000);
    return delayMs;
  }
}

/** Resolves after `ms`, or as soon as a stop is asked for. */
const waitUnlessStopped = (ms: number) => Promise.race([stopAsked, new Promise<void>((resolve) => setTimeout(resolve, ms))]);

/**
 * JOB_WORKER says where the job worker runs: "process" (the default) a process of its own beside
 * the app, "app" inside the app's process (one process less, but deliveries then share the event
 * loop that answers requests), "off" nowhere on this host (another runs one: every instance's
 * worker takes jobs from the same database).
 */
function jobWorkerPlace(): "process" | "app" | "off" {
  const place = process.env.JOB_WORKER ?? "process";
  if (place === "process" || place === "app" || place === "off") return place;
  throw new Error(`JOB_WORKER must be process, app or off (got "${place}")`);
}

const jobWorkerRestarts = new RestartDelay();

/** Runs this launcher again as the job worker (scripts/start.mjs --job-worker); again when it dies. */
function startJobWorkerProcess(env: NodeJS.ProcessEnv): void {
  const worker = spawnJobWorker(env);
  const startedAt = Date.now();
  jobWorker = worker;
  worker.once("error", (error) => console.error("[start] job worker:", error.message));
  worker.once("exit", (code, signal) => {
    jobWorker = undefined;
    if (stopping) return;
    const delayMs = jobWorkerRestarts.next(startedAt);
    log(`job worker exited (${signal ?? `code ${code}`}); starting it again in ${delayMs / 1000} s`);
    void waitUnlessStopped(delayMs).then(() => {
      if (!stopping) startJobWorkerProcess(env);
    });
  });
}

/** Stops the job worker (it finishes or releases its jobs), killing it if it takes over 10 s. */
async function stopJobWorker(): Promise<void> {
  const worker = jobWorker;
  if (!worker || worker.exitCode !== null || worker.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.kill("SIGTERM");
  const timer = setTimeout(() => worker.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The app server's whole stop, bounded: the drain (SHUTDOWN_DRAIN_SECONDS), then up to 20 s for the
 * requests in flight (lib/http/graceful-shutdown.ts), and a margin; past it, SIGKILL.
 */
function appStopLimitMs(): number {
  return (shutdownDrainSeconds() + IN_FLIGHT_LIMIT_SECONDS + 5) * 1000;
}

const appRestarts = new RestartDelay();

/**
 * Runs `next start` until a stop is asked for. When next-server dies on its own (a crash, out of
 * memory, a kill -9), the launcher logs how and starts it again, as it does the job worker (docs/OPERATIONS.md,
 * "Running on PostgreSQL with several instances"); the load balancer's health check sees it down
 * meanwhile. Resolves with the exit code for this process: 0 when it stopped as asked.
 */
async function serve(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  for (;;) {
    const startedAt = Date.now();
    const ended = await next(args, env);
    if (stopping) return ended.code === 0 || ended.code === null ? 0 : ended.code;
    const delayMs = appRestarts.next(startedAt);
    log(`next-server exited unexpectedly (${describeExit(ended)}); starting it again in ${delayMs / 1000} s`);
    await waitUnlessStopped(delayMs);
    if (stopping) return 0;
  }
}

async function exit(code: number): Promise<never> {
  stopping = true;
  onStop();
  await stopJobWorker();
  // The database outlives next: it is closed (and flushed) only once nothing can use it. One that is
  // still starting is waited for, since a first start killed midway leaves a half-made data folder.
  const embedded = await database?.catch(() => undefined);
  await embedded?.stop().catch((error: unknown) => console.error("[start] stopping the database:", error));
  process.exit(code);
}

/**
 * SIGTERM (a service manager, a rolling deploy), SIGINT (Ctrl-C) or SIGHUP: passed to next, which
 * drains and stops (lib/http/graceful-shutdown.ts), and to the job worker, which finishes or releases
 * its jobs; this process exits 0 once next has, after the database is closed (exit() above).
 * A signal sent to the whole process group (Ctrl-C, systemd) reaches them directly too: the same stop.
 */
function shutDown(signal: "SIGINT" | "SIGTERM" | "SIGHUP"): void {
  if (stopping) return;
  stopping = true;
  onStop();
  log(`${signal}: stopping`);
  jobWorker?.kill("SIGTERM");
  const app = child;
  if (!app) {
    void exit(0);
    return;
  }
  // next build stops at once. next start drains first on SIGTERM (and SIGHUP); Ctrl-C skips the drain.
  app.kill(app.spawnargs.includes("build") || signal === "SIGINT" ? signal : "SIGTERM");
  setTimeout(() => app.kill("SIGKILL"), appStopLimitMs()).unref();
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => shutDown(signal));

// `npm start` execs this process in place of its `sh -c` (package.json), so npm's SIGTERM reaches it.
// A launcher run under a shell that does not exec (`sh -c`, which dies of the SIGTERM without passing
// it on) is then handed to another parent, and takes that as the SIGTERM.
const parentAtStart = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid === parentAtStart) return;
  clearInterval(parentWatch);
  shutDown("SIGTERM");
}, 500);
parentWatch.unref();

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/**
 * `next build` when the build is missing or stale; resolves with its exit code (0: nothing to do).
 * Without Next's type check: a first start need not check the types, `npm run typecheck` (CI) does.
 */
async function buildIfStale(): Promise<number> {
  if (standalone) return 0;
  const staleBecause = staleBuildReason();
  if (!staleBecause) return 0;
  const started = Date.now();
  log(`building the app: ${staleBecause}`);
  const built = await next([NEXT_BIN, "build"], { ...process.env, SKIP_BUILD_TYPECHECK: "1" });
  if (stopping) return 0;
  if (built.code !== 0) {
    log(`next build failed (${describeExit(built)})`);
    return built.code || 1;
  }
  log(`built in ${seconds(started)}`);
  return 0;
}

/** The database's URL (DATABASE_URL, else the embedded PostgreSQL, started here unless another launcher runs it), migrated. */
async function migratedDatabase(): Promise<{ url: string; directUrl: string; where: string }> {
  let url = process.env.DATABASE_URL;
  let where = "DATABASE_URL";
  if (!url) {
    const shown = path.relative(PROJECT_ROOT, DEFAULT_DATA_DIR);
    where = `embedded (${shown})`;
    // Another launcher already serves the folder: this one is a second app instance on it.
    url = (await findRunningEmbeddedPostgres(DEFAULT_DATA_DIR)) ?? undefined;
    if (url) log(`using the embedded PostgreSQL another process runs on ${shown}`);
    else {
      const started = Date.now();
      log(`starting the embedded PostgreSQL in ${shown}…`);
      database = startEmbeddedPostgres({ dataDir: DEFAULT_DATA_DIR, handleSignals: false, log });
      try {
        url = (await database).url;
        log(`embedded PostgreSQL ready in ${seconds(started)}`);
      } catch (error) {
        if (!(error instanceof EmbeddedInUseError)) throw error;
        database = undefined; // another launcher is starting it: this one is a second instance
        log(`waiting for the embedded PostgreSQL another process is starting on ${shown}…`);
        url = await waitForRunningEmbeddedPostgres(DEFAULT_DATA_DIR);
      }
    }
  }
  // The migration lock is a session's: on DATABASE_DIRECT_URL when DATABASE_URL is a pooler.
  const directUrl = (process.env.DATABASE_URL && process.env.DATABASE_DIRECT_URL) || url;
  const started = Date.now();
  await applyMigrations(directUrl, { log });
  log(`migrations checked in ${seconds(started)}`);
  return { url, directUrl, where };
}

async function main(): Promise<number> {
  const launched = Date.now();
  // Side by side: the build is CPU, the database's first start mostly disk (docs/PERFORMANCE.md, "First start").
  const databaseReady = migratedDatabase();
  databaseReady.catch(() => child?.kill("SIGTERM")); // the build is pointless without a database: stop it
  const builtCode = await buildIfStale();
  const { url, directUrl, where } = await databaseReady; // its error, if any, is the one to report
  if (builtCode !== 0) return builtCode;
  if (stopping) return 0;

  const port = process.env.PORT || "3000";
  const hostname = process.env.HOSTNAME; // unset: next listens on all interfaces
  const shown = hostname && hostname !== "0.0.0.0" && hostname !== "::" ? hostname : "localhost";
  const env = {
    ...process.env,
    DATABASE_URL: url,
    DATABASE_DIRECT_URL: directUrl,
    AUTH_SECRET: authSecret(),
    PORT: port,
    NODE_OPTIONS: serverNodeOptions(),
  };
  const workerPlace = jobWorkerPlace();
  if (workerPlace === "process") startJobWorkerProcess(env);
  log(`app:      http://${shown}:${port} (starting, ${seconds(launched)} after npm start)`);
  log(`database: ${where}`);
  log(`first time? create an account at http://${shown}:${port}/sign-up`);
  // NEXT_MANUAL_SIG_HANDLE: next start leaves SIGTERM to the app's own drain (lib/http/graceful-shutdown.ts).
  const appEnv = { ...env, JOB_WORKER: workerPlace === "app" ? "app" : "off", NEXT_MANUAL_SIG_HANDLE: "true" };
  // server.js reads the port, the host name and the keep-alive from the environment.
  if (standalone) return serve([STANDALONE_SERVER], { ...appEnv, KEEP_ALIVE_TIMEOUT: String(KEEP_ALIVE_TIMEOUT_MS) });
  return serve([NEXT_BIN, "start", "-p", port, ...(hostname ? ["-H", hostname] : []), ...keepAliveArgs()], appEnv);
}

main().then(exit, (error: unknown) => {
  console.error("[start]", error instanceof Error ? error.message : error);
  return exit(1);
});
