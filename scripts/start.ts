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
import { constants } from "node:os";
import path from "node:path";
import {
  DATA_DIR,
  DEFAULT_DATA_DIR,
  PROJECT_ROOT,
  startEmbeddedPostgres,
  waitForRunningEmbeddedPostgres,
  type EmbeddedPostgres,
} from "../lib/db/embedded.ts";
import { EmbeddedInUseError, findRunningEmbeddedPostgres } from "../lib/db/embedded-state-file.ts";
import { applyMigrations } from "../lib/db/migrate.ts";
import { staleBuildReason } from "./ensure-build.ts";
import { spawnJobWorker } from "./job-worker-process.ts";
import { keepAliveArgs } from "./server-keep-alive.ts";
import { serverNodeOptions } from "./server-node-options.ts";

process.chdir(PROJECT_ROOT); // next and the migration runner resolve paths from the project root
const NEXT_BIN = path.join("node_modules", "next", "dist", "bin", "next"); // run with node: portable, no shell
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

/** Runs `next <args>`; resolves with its exit code (128 + n when killed by signal n). */
function next(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    child = spawn(process.execPath, [NEXT_BIN, ...args], { env, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      child = undefined;
      resolve(code ?? 128 + (signal ? constants.signals[signal] : 0));
    });
  });
}

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

/** A worker that dies soon after its start (the database away) is started again later each time, up to 30 s. */
const RESTART_DELAYS_MS = { first: 1_000, max: 30_000, resetAfter: 60_000 };
let restartDelayMs = RESTART_DELAYS_MS.first;

/** Runs this launcher again as the job worker (scripts/start.mjs --job-worker); again when it dies. */
function startJobWorkerProcess(env: NodeJS.ProcessEnv): void {
  const worker = spawnJobWorker(env);
  const startedAt = Date.now();
  jobWorker = worker;
  worker.once("error", (error) => console.error("[start] job worker:", error.message));
  worker.once("exit", (code, signal) => {
    jobWorker = undefined;
    if (stopping) return;
    const delayMs = Date.now() - startedAt > RESTART_DELAYS_MS.resetAfter ? RESTART_DELAYS_MS.first : restartDelayMs;
    restartDelayMs = Math.min(delayMs * 2, RESTART_DELAYS_MS.max);
    log(`job worker exited (${signal ?? `code ${code}`}); starting it again in ${delayMs / 1000} s`);
    setTimeout(() => {
      if (!stopping) startJobWorkerProcess(env);
    }, delayMs);
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

async function exit(code: number): Promise<never> {
  stopping = true;
  await stopJobWorker();
  // The database outlives next: it is closed (and flushed) only once nothing can use it. One that is
  // still starting is waited for, since a first start killed midway leaves a half-made data folder.
  const embedded = await database?.catch(() => undefined);
  await embedded?.stop().catch((error: unknown) => console.error("[start] stopping the database:", error));
  process.exit(code);
}

// Ctrl-C reaches next too (same process group); forwarding covers `kill <this pid>` as well.
// next's exit then ends this process through exit() below, after the database is closed.
function shutDown(signal: "SIGINT" | "SIGTERM" | "SIGHUP"): void {
  stopping = true;
  jobWorker?.kill(signal);
  if (child) child.kill(signal);
  else void exit(128 + constants.signals[signal]);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => shutDown(signal));

// `npm start` runs this under `sh -c`, and npm passes a SIGTERM to that shell only, which dies
// without passing it on: this process is then handed to another parent, and takes that as the SIGTERM.
const parentAtStart = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid === parentAtStart) return;
  clearInterval(parentWatch);
  shutDown("SIGTERM");
}, 500);
parentWatch.unref();

async function main(): Promise<number> {
  const staleBecause = staleBuildReason();
  if (staleBecause) {
    log(`building the app: ${staleBecause}`);
    const code = await next(["build"], process.env);
    if (code !== 0) return code;
  }

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
        log(`embedded PostgreSQL ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } catch (error) {
        if (!(error instanceof EmbeddedInUseError)) throw error;
        database = undefined; // another launcher is starting it: this one is a second instance
        log(`waiting for the embedded PostgreSQL another process is starting on ${shown}…`);
        url = await waitForRunningEmbeddedPostgres(DEFAULT_DATA_DIR);
      }
    }
  }
  await applyMigrations(url, { log });

  const port = process.env.PORT || "3000";
  const hostname = process.env.HOSTNAME; // unset: next listens on all interfaces
  const shown = hostname && hostname !== "0.0.0.0" && hostname !== "::" ? hostname : "localhost";
  const env = { ...process.env, DATABASE_URL: url, AUTH_SECRET: authSecret(), PORT: port, NODE_OPTIONS: serverNodeOptions() };
  const workerPlace = jobWorkerPlace();
  if (workerPlace === "process") startJobWorkerProcess(env);
  log(`app:      http://${shown}:${port}`);
  log(`database: ${where}`);
  log(`first time? create an account at http://${shown}:${port}/sign-up`);
  const appEnv = { ...env, JOB_WORKER: workerPlace === "app" ? "app" : "off" };
  return next(["start", "-p", port, ...(hostname ? ["-H", hostname] : []), ...keepAliveArgs()], appEnv);
}

main().then(exit, (error: unknown) => {
  console.error("[start]", error instanceof Error ? error.message : error);
  return exit(1);
});
