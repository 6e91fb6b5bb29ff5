/**
 * Embedded PostgreSQL for zero-setup runs: the real PostgreSQL server, from the binaries that npm
 * installs for this platform (lib/db/embedded-binaries.ts), with its data in <data folder>/postgres,
 * listening on 127.0.0.1 only. The app, migrations and scripts reach it through an ordinary
 * DATABASE_URL, exactly as they reach any other server: one code path.
 *
 * While a process serves the folder it holds a state file saying so (lib/db/embedded-state-file.ts),
 * so that other processes connect to that server rather than start another. Used by scripts only;
 * the Next.js app never imports this file.
 */
import { config } from "@/lib/config";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { constants, platform } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { findPostgresBinaries, type PostgresBinaries } from "./embedded-binaries";
import { claimStateFile, findRunningEmbeddedPostgres, isAlive, readState, removeStateFileIfOurs, stateFileFor, writeServingState } from "./embedded-state-file";

export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The app's data folder (SNAP_DATA_DIR, default data/): the embedded database and the generated auth secret. */
export const DATA_DIR = path.resolve(PROJECT_ROOT, config().SNAP_DATA_DIR ?? "data");
export const DEFAULT_DATA_DIR = path.join(DATA_DIR, "postgres");

const HOST = "127.0.0.1";
const USER = "postgres";
/**
 * Sized for one app instance on a small machine (docs/PERFORMANCE.md, "Design
 * decisions"): the app's pool of 10, the LISTEN connection, the admin CLI, a second instance, or
 * `npm test`, whose parallel files and app instances of their own were seen to hold 57 connections
 * at once (a connection slot not in use costs a few kilobytes of shared memory). shared_buffers far
 * below the 128 MB default: the whole database of a small install fits, and every buffer touched
 * counts in the install's memory.
 */
const SERVER_SETTINGS = {
  listen_addresses: HOST,
  max_connections: "100",
  shared_buffers: "32MB",
  io_workers: "1",
  lc_messages: "C",
  log_min_messages: "warning",
};
const START_TIMEOUT_MS = 120_000;
/** A fast shutdown (open transactions rolled back, everything flushed) takes well under a second here. */
const STOP_TIMEOUT_MS = 25_000;

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** Stop cleanly and exit on SIGINT/SIGTERM (default true). Off when the caller orders shutdown itself. */
  handleSignals?: boolean;
  log?: (line: string) => void;
}

/** Inside the data folder, so that a backup (a copy of the folder) carries the password of its role. */
const passwordFileFor = (dataDir: string) => path.join(dataDir, "snap-password");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The URL of the embedded server on dataDir once the process that is starting it has it ready:
 * for a second launcher that found the folder claimed (two app instances started together).
 */
export async function waitForRunningEmbeddedPostgres(dataDir: string, timeoutMs = START_TIMEOUT_MS): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const url = await findRunningEmbeddedPostgres(dataDir);
    if (url) return url;
    const owner = readState(stateFileFor(dataDir));
    if (!owner || !isAlive(owner.pid) || Date.now() > deadline) throw new Error(`the embedded database ${dataDir} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Runs `work` while holding dataDir the way a starting server does (the exclusive state file), so
 * no server opens the folder meanwhile: for file-level copies (npm run backup / restore). Refuses
 * while a server has the folder open, since a copy of a running server's files is not consistent.
 */
export async function withEmbeddedDataDirClaimed<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const resolved = path.resolve(dataDir);
  const stateFile = stateFileFor(resolved);
  claimStateFile(stateFile, resolved);
  try {
    await stopOrphanedServer(resolved);
    return await work();
  } finally {
    removeStateFileIfOurs(stateFile);
  }
}

/** The password of the folder's `postgres` role (made by initialise); the server accepts no connection without it. */
function readPassword(dataDir: string): string {
  const file = passwordFileFor(dataDir);
  const kept = existsSync(file) ? readFileSync(file, "utf8").trim() : "";
  if (!kept) throw new Error(`${file} is missing: the embedded database's password is kept there`);
  return kept;
}

function run(command: string, args: string[], binaries: PostgresBinaries, logFile?: string): ChildProcess {
  const output = logFile ? openSync(logFile, "a") : "ignore";
  const child = spawn(command, args, {
    stdio: ["ignore", output, output],
    // Its own process group: Ctrl-C in the terminal reaches the app, and the launcher stops the
    // database after the app, so no request in flight loses its connection.
    detached: true,
    windowsHide: true,
    uid: binaries.runAs?.uid,
    gid: binaries.runAs?.gid,
    // eslint-disable-next-line no-restricted-properties -- the launcher's environment, passed through to the server it starts
    env: { ...process.env, LC_ALL: "C", LANG: "C" },
  });
  if (typeof output === "number") closeSync(output);
  return child;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => resolve(code));
    child.once("error", reject);
  });
}

const giveRunAsUser = (target: string, binaries: PostgresBinaries) => {
  if (binaries.runAs) chownSync(target, binaries.runAs.uid, binaries.runAs.gid);
};

async function initialise(dataDir: string, binaries: PostgresBinaries, logFile: string): Promise<void> {
  const password = randomBytes(24).toString("base64url");
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  giveRunAsUser(dataDir, binaries);
  const pwfile = path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.initdb-password`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  giveRunAsUser(pwfile, binaries);
  try {
    // The builtin C.UTF-8 locale: Unicode case mapping (ILIKE, lower) the same on every OS, with
    // no dependency on the system's locales.
    const args = [`--pgdata=${dataDir}`, `--username=${USER}`, `--pwfile=${pwfile}`, "--auth=scram-sha-256", "--encoding=UTF8"];
    const initdb = run(binaries.initdb, [...args, "--locale-provider=builtin", "--builtin-locale=C.UTF-8", "--locale=C"], binaries, logFile);
    const code = await exited(initdb);
    if (code !== 0) {
      throw new Error(
        `initdb failed (exit code ${code}); see ${logFile}` +
          (binaries.runAs ? `. Running as root, PostgreSQL runs as "${binaries.runAs.name}", which must be able to reach ${dataDir} and node_modules` : ""),
      );
    }
  } finally {
    rmSync(pwfile, { force: true });
  }
  writeFileSync(passwordFileFor(dataDir), `${password}\n`, { mode: 0o600 });
  giveRunAsUser(passwordFileFor(dataDir), binaries);
}

/** A server left running on the folder by a process that was killed (postmaster.pid names it): stopped. */
async function stopOrphanedServer(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!pid || !isAlive(pid)) return;
  process.kill(pid, "SIGINT");
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

async function waitUntilReady(url: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let failed: number | null | undefined;
  void exited(server).then(
    (code) => (failed = code ?? -1),
    () => (failed = -1),
  );
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      // 57P03: the server is starting (or recovering after a crash) and will accept soon.
      const starting = (error as { code?: string }).code === "57P03" || /ECONNREFUSED/.test((error as Error).message);
      if (failed !== undefined) throw new Error(`PostgreSQL exited during start (code ${failed}); see ${logFile}`);
      if (!starting || Date.now() > deadline) throw new Error(`PostgreSQL did not start: ${(error as Error).message}; see ${logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startServer(dataDir: string, binaries: PostgresBinaries, port: number | undefined, logFile: string) {
  const password = readPassword(dataDir);
  const chosen = port || (await freePort());
  const settings = Object.entries({ ...SERVER_SETTINGS, port: String(chosen) }).flatMap(([name, value]) => ["-c", `${name}=${value}`]);
  // Unix sockets: none (TCP on loopback only), and none to place where the run-as user can write.
  const server = run(binaries.postgres, ["-D", dataDir, ...settings, "-c", "unix_socket_directories="], binaries, logFile);
  const url = `postgresql://${USER}:${encodeURIComponent(password)}@${HOST}:${chosen}/postgres`;
  try {
    await waitUntilReady(url, server, logFile);
  } catch (error) {
    await stopServer(server, dataDir, binaries);
    throw error;
  }
  return { server, url, port: chosen, binaries };
}

async function stopServer(server: ChildProcess, dataDir: string, binaries: PostgresBinaries): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const done = exited(server);
  // A fast shutdown: open transactions roll back, everything is flushed. Windows has no signals
  // (kill() there ends the process at once), so pg_ctl asks for the same shutdown.
  if (platform() === "win32") run(binaries.pgCtl, ["stop", "-D", dataDir, "-m", "fast", "-s"], binaries);
  else server.kill("SIGINT");
  const timer = setTimeout(() => server.kill(platform() === "win32" ? "SIGKILL" : "SIGQUIT"), STOP_TIMEOUT_MS);
  await done.finally(() => clearTimeout(timer));
}

/** After a file-level restore as root: the folder belongs to the user the server runs as again. */
export function giveDataDirToServer(dataDir: string): void {
  const { runAs } = findPostgresBinaries();
  if (!runAs) return;
  const walk = (at: string) => {
    chownSync(at, runAs.uid, runAs.gid);
    if (statSync(at).isDirectory()) for (const entry of readdirSync(at)) walk(path.join(at, entry));
  };
  walk(dataDir);
}

/** Starts PostgreSQL on dataDir (made first if new) on 127.0.0.1. Resolves once it accepts connections. */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const log = options.log ?? (() => {});
  const stateFile = stateFileFor(dataDir);
  claimStateFile(stateFile, dataDir);
  const onExit = () => removeStateFileIfOurs(stateFile); // last resort if the process dies abruptly
  process.on("exit", onExit);
  const release = () => {
    removeStateFileIfOurs(stateFile);
    process.off("exit", onExit);
  };

  let started: Awaited<ReturnType<typeof startServer>>;
  try {
    const binaries = findPostgresBinaries();
    const logFile = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.log`);
    await stopOrphanedServer(dataDir);
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
      log(`making a new database folder in ${dataDir}`);
      rmSync(dataDir, { recursive: true, force: true }); // an initdb cut short
      await initialise(dataDir, binaries, logFile);
    }
    started = await startServer(dataDir, binaries, options.port, logFile);
  } catch (error) {
    release();
    throw error;
  }
  const { server, url, port, binaries } = started;
  writeServingState(stateFile, { pid: process.pid, port, url });

  const signals = options.handleSignals === false ? [] : (["SIGINT", "SIGTERM"] as const);
  const onSignal = (signal: NodeJS.Signals) => void stop().finally(() => process.exit(128 + constants.signals[signal]));
  for (const signal of signals) process.once(signal, onSignal);

  let stopping: Promise<void> | undefined;
  function stop(): Promise<void> {
    stopping ??= (async () => {
      for (const signal of signals) process.off(signal, onSignal);
      await stopServer(server, dataDir, binaries);
      release();
    })();
    return stopping;
  }
  return { url, stop };
}

/**
 * For scripts (admin CLI, tests): DATABASE_URL when set; else the embedded server another process
 * is running; else an embedded server started in this process (once per process: the test
 * runner's global setups ask twice). Call stop() when done (a no-op unless this process started
 * the server).
 */
export async function resolveDatabaseUrl(): Promise<EmbeddedPostgres & { source: "env" | "running" | "started" }> {
  const noop = async () => {};
  const { DATABASE_URL } = config();
  if (DATABASE_URL) return { url: DATABASE_URL, stop: noop, source: "env" };
  const started = globalForEmbedded.snapEmbeddedStarted;
  if (started) return { ...(await started), source: "started" };
  const running = await findRunningEmbeddedPostgres(DEFAULT_DATA_DIR);
  if (running) return { url: running, stop: noop, source: "running" };
  const starting = startEmbeddedPostgres({ dataDir: DEFAULT_DATA_DIR, log: (line) => console.error(`[database] ${line}`) });
  globalForEmbedded.snapEmbeddedStarted = starting;
  starting.catch(() => (globalForEmbedded.snapEmbeddedStarted = undefined));
  return { ...(await starting), source: "started" };
}

const globalForEmbedded = globalThis as unknown as { snapEmbeddedStarted?: Promise<EmbeddedPostgres> };
