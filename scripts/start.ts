/**
 * `npm start` (through scripts/start.mjs, which compiles this file): the one command a new user
 * runs. Builds the app when the build is missing or stale, picks the database (DATABASE_URL, else
 * the embedded PostgreSQL in data/postgres, started by this process; a folder of the earlier PGlite
 * default is imported first), applies the committed migrations, provides AUTH_SECRET, then runs
 * `next start` with DATABASE_URL set: the app itself only ever reads DATABASE_URL.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { constants } from "node:os";
import path from "node:path";
import {
  DATA_DIR,
  DEFAULT_DATA_DIR,
  LEGACY_PGLITE_DIR,
  PROJECT_ROOT,
  startEmbeddedPostgres,
  waitForRunningEmbeddedPostgres,
  type EmbeddedPostgres,
} from "../lib/db/embedded.ts";
import { EmbeddedInUseError, findRunningEmbeddedPostgres } from "../lib/db/embedded-state-file.ts";
import { applyMigrations } from "../lib/db/migrate.ts";
import { staleBuildReason } from "./ensure-build.ts";
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

async function exit(code: number): Promise<never> {
  // The database outlives next: it is closed (and flushed) only once nothing can use it. One that is
  // still starting is waited for, since a first start killed midway leaves a half-made data folder.
  const embedded = await database?.catch(() => undefined);
  await embedded?.stop().catch((error: unknown) => console.error("[start] stopping the database:", error));
  process.exit(code);
}

// Ctrl-C reaches next too (same process group); forwarding covers `kill <this pid>` as well.
// next's exit then ends this process through exit() below, after the database is closed.
function shutDown(signal: "SIGINT" | "SIGTERM" | "SIGHUP"): void {
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
      database = startEmbeddedPostgres({ dataDir: DEFAULT_DATA_DIR, importFrom: LEGACY_PGLITE_DIR, handleSignals: false, log });
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
  log(`app:      http://${shown}:${port}`);
  log(`database: ${where}`);
  log(`first time? create an account at http://${shown}:${port}/sign-up`);
  return next(["start", "-p", port, ...(hostname ? ["-H", hostname] : []), ...keepAliveArgs()], env);
}

main().then(exit, (error: unknown) => {
  console.error("[start]", error instanceof Error ? error.message : error);
  return exit(1);
});
