/**
 * Embedded PostgreSQL for zero-setup runs: PGlite (PostgreSQL compiled to WASM) persisted in a data
 * folder and served on 127.0.0.1 by pglite-socket, so the app, migrations and scripts all talk to it
 * through an ordinary DATABASE_URL, exactly as they talk to a real server (one code path).
 *
 * PGlite is one process and one session: only one process may open a data folder, so the serving
 * process writes `<dataDir>/../embedded-postgres.json` ({pid, port, url}) while it runs, and other
 * processes (admin CLI, tests) connect to that server instead of opening the folder a second time.
 * Used by scripts only (scripts/start.ts, CLIs); the Next.js app never imports this file.
 */
import { readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import net from "node:net";
import { constants } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export const PROJECT_ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The app's data folder (SNAP_DATA_DIR, default data/): the embedded database and the generated auth secret. */
export const DATA_DIR = path.resolve(PROJECT_ROOT, process.env.SNAP_DATA_DIR || "data");
export const DEFAULT_DATA_DIR = path.join(DATA_DIR, "pglite");

const HOST = "127.0.0.1";
// Queries run one at a time anyway; the limit only bounds idle sockets. pg's Pool defaults to 10
// per process, so leave room for the admin CLI and the migration runner next to the app's pool
// (a connection over the limit gets a plain-text refusal, not a PostgreSQL error).
const MAX_CONNECTIONS = 20;

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  /** 0 or absent: any free port. */
  port?: number;
  /** Stop cleanly and exit on SIGINT/SIGTERM (default true). Off when the caller orders shutdown itself. */
  handleSignals?: boolean;
}

interface State {
  pid: number;
  port?: number;
  url?: string;
}

const stateFileFor = (dataDir: string) => path.join(path.dirname(path.resolve(dataDir)), "embedded-postgres.json");

function readState(file: string): State | null {
  try {
    const state = JSON.parse(readFileSync(file, "utf8")) as State;
    return typeof state.pid === "number" ? state : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // alive, owned by another user
  }
}

function portAnswers(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** The URL of the embedded server already serving dataDir (in any process), or null. */
export async function findRunningEmbeddedPostgres(dataDir: string): Promise<string | null> {
  const state = readState(stateFileFor(dataDir));
  if (!state?.url || !state.port || !isAlive(state.pid)) return null;
  return (await portAnswers(state.port)) ? state.url : null;
}

/**
 * Claims the data folder by creating the state file exclusively, so two processes never open the
 * same PGlite folder (which would corrupt it). A file left by a dead process is taken over.
 */
function claimStateFile(file: string, dataDir: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid }), { flag: "wx" });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readState(file);
      if (owner && isAlive(owner.pid)) {
        throw new Error(
          `the embedded database ${dataDir} is in use by process ${owner.pid}` +
            (owner.url ? ` (serving ${owner.url})` : " (starting)") +
            `; stop it, or connect to it instead of opening the folder again (see ${file})`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not claim ${file}`);
}

function removeStateFileIfOurs(file: string): void {
  if (readState(file)?.pid === process.pid) rmSync(file, { force: true });
}

/**
 * Runs `work` while holding dataDir the way a starting server does (the exclusive state file), so
 * no server opens the folder meanwhile: for file-level copies (npm run backup / restore). Refuses
 * while a server has the folder open, since copying a live PGlite folder could tear its pages.
 */
export async function withEmbeddedDataDirClaimed<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const resolved = path.resolve(dataDir);
  const stateFile = stateFileFor(resolved);
  claimStateFile(stateFile, resolved);
  try {
    return await work();
  } finally {
    removeStateFileIfOurs(stateFile);
  }
}

/** Starts PGlite on dataDir and serves it on 127.0.0.1. Resolves once it accepts connections. */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const stateFile = stateFileFor(dataDir);
  claimStateFile(stateFile, dataDir);
  const onExit = () => removeStateFileIfOurs(stateFile); // last resort if the process dies abruptly
  process.on("exit", onExit);
  const release = () => {
    removeStateFileIfOurs(stateFile);
    process.off("exit", onExit);
  };

  let db: PGlite;
  try {
    mkdirSync(dataDir, { recursive: true });
    // pg_trgm is loaded so migrations may `CREATE EXTENSION IF NOT EXISTS pg_trgm` (search).
    db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  } catch (error) {
    release();
    throw error;
  }
  const queue = new SessionQueue(db);
  const server = new PGLiteSocketServer({ db, host: HOST, port: options.port ?? 0, maxConnections: MAX_CONNECTIONS });
  try {
    installSessionQueue(server, queue);
    await server.start();
  } catch (error) {
    await db.close().catch(() => {});
    release();
    throw error;
  }
  const port = Number(server.getServerConn().split(":").pop());
  const url = `postgresql://postgres:postgres@${HOST}:${port}/postgres`;
  writeFileSync(stateFile, JSON.stringify({ pid: process.pid, port, url } satisfies State));

  const signals = options.handleSignals === false ? [] : (["SIGINT", "SIGTERM"] as const);
  const onSignal = (signal: NodeJS.Signals) => void stop().finally(() => process.exit(128 + constants.signals[signal]));
  for (const signal of signals) process.once(signal, onSignal);

  let stopping: Promise<void> | undefined;
  function stop(): Promise<void> {
    stopping ??= (async () => {
      for (const signal of signals) process.off(signal, onSignal);
      await server.stop(); // closes the sockets; their open transactions are rolled back
      const giveUp = new Promise((resolve) => setTimeout(resolve, 5000).unref());
      await Promise.race([queue.whenIdle(), giveUp]);
      await db.close(); // clean PostgreSQL shutdown: everything is flushed to dataDir
      release();
    })();
    return stopping;
  }
  return { url, stop };
}

/**
 * For scripts (admin CLI, tests): DATABASE_URL when set; else the embedded server another process
 * is running; else an embedded server started in this process. Call stop() when done (a no-op
 * unless this process started the server).
 */
export async function resolveDatabaseUrl(): Promise<EmbeddedPostgres & { source: "env" | "running" | "started" }> {
  const noop = async () => {};
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: noop, source: "env" };
  const running = await findRunningEmbeddedPostgres(DEFAULT_DATA_DIR);
  if (running) return { url: running, stop: noop, source: "running" };
  return { ...(await startEmbeddedPostgres({ dataDir: DEFAULT_DATA_DIR })), source: "started" };
}

// --- One PostgreSQL session shared by many sockets -------------------------------------------

interface Job {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
}

const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);
const ROLLBACK = simpleQuery("ROLLBACK");

function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`);
  const message = Buffer.alloc(5 + text.length);
  message.write("Q", 0);
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return new Uint8Array(message);
}

/** True when a response ends with ReadyForQuery 'I': the session is idle, outside any transaction. */
function endsIdle(tail: Buffer): boolean {
  return tail.length === 6 && tail[0] === 0x5a && tail.readInt32BE(1) === 5 && tail[5] === 0x49;
}

const NOTIFICATION_RESPONSE = 0x41; // 'A'
const SIMPLE_QUERY = 0x51; // 'Q'
const LISTEN_SQL = /^\s*(UN)?LISTEN\s+(?:"([^"]+)"|([A-Za-z_][\w$]*)|\*)\s*;?\s*$/i;

/**
 * LISTEN/NOTIFY over one shared session. PostgreSQL sends a notification to "the session", which
 * here writes it into whichever connection's response is being produced at commit: the notifier's,
 * not the listener's. So responses are split into messages, NotificationResponse messages are taken
 * out, and each goes to every connection that ran LISTEN on its channel (as simple queries, as pg
 * sends them). Connections that LISTEN only wait, so a message written to one between its own
 * requests arrives as PostgreSQL would send it. Limit: as in one session, a notification is sent
 * once per committing transaction however many connections listen, and a listener also gets its
 * own notifications.
 */
class NotificationRouter {
  private readonly channels = new Map<string, Set<number>>();
  private readonly writers = new Map<number, (data: Uint8Array) => void>();

  /** Notes a connection's writer, and its LISTEN / UNLISTEN if the message is one. */
  observe(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): void {
    this.writers.set(handlerId, onData);
    if (message[0] !== SIMPLE_QUERY || message.length > 300) return;
    const match = LISTEN_SQL.exec(Buffer.from(message.subarray(5, message.length - 1)).toString("utf8"));
    if (!match) return;
    const channel = match[2] ?? match[3];
    if (!match[1] && channel) this.channels.set(channel, (this.channels.get(channel) ?? new Set()).add(handlerId));
    else for (const [name, ids] of this.channels) if (!channel || name === channel) ids.delete(handlerId);
  }

  forget(handlerId: number): void {
    this.writers.delete(handlerId);
    for (const ids of this.channels.values()) ids.delete(handlerId);
  }

  /** Sends a NotificationResponse message to the connections listening on its channel. */
  route(message: Buffer): void {
    const end = message.indexOf(0, 9);
    const channel = message.subarray(9, end < 0 ? message.length : end).toString("utf8");
    for (const handlerId of this.channels.get(channel) ?? []) this.writers.get(handlerId)?.(new Uint8Array(message));
  }
}

/** Splits one response stream into messages, passing all but NotificationResponse through in order. */
class NotificationFilter {
  private carry = Buffer.alloc(0);
  readonly notifications: Buffer[] = [];

  push(data: Uint8Array): Buffer {
    const buffer = this.carry.length ? Buffer.concat([this.carry, data]) : Buffer.from(data);
    const kept: Buffer[] = [];
    let offset = 0;
    let keptFrom = 0;
    while (buffer.length - offset >= 5) {
      const size = 1 + buffer.readInt32BE(offset + 1);
      if (buffer.length - offset < size) break;
      if (buffer[offset] === NOTIFICATION_RESPONSE) {
        kept.push(buffer.subarray(keptFrom, offset));
        this.notifications.push(Buffer.from(buffer.subarray(offset, offset + size)));
        keptFrom = offset + size;
      }
      offset += size;
    }
    kept.push(buffer.subarray(keptFrom, offset));
    this.carry = Buffer.from(buffer.subarray(offset));
    return Buffer.concat(kept);
  }

  /** What is left at the end of a response (nothing, unless PGlite cut a message short). */
  flush(): Buffer {
    const rest = this.carry;
    this.carry = Buffer.alloc(0);
    return rest;
  }
}

/**
 * Replaces pglite-socket 0.2.17's query queue. That queue pins the session to one connection only
 * while a transaction is open, so the Parse/Bind/Execute/Sync messages of two connections can
 * interleave (a large parameter arrives in several TCP chunks) and one binds the other's statement
 * (seen here: "bind message supplies 2 parameters, but prepared statement "" requires 1"); it also
 * stops processing for good after one thrown error (electric-sql/pglite#1046, PR #977).
 * Here a connection owns the session from its first message until PostgreSQL answers
 * ReadyForQuery 'I', i.e. until its request cycle and any transaction are over.
 */
class SessionQueue {
  private jobs: Job[] = [];
  private owner: number | null = null;
  private draining = false;
  private idleWaiters: (() => void)[] = [];
  private readonly notifications = new NotificationRouter();

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    this.notifications.observe(handlerId, message, onData);
    return new Promise((resolve, reject) => {
      this.jobs.push({ handlerId, message, onData, resolve, reject });
      void this.drain();
    });
  }

  getQueueLength(): number {
    return this.jobs.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.notifications.forget(handlerId);
    const dropped = this.jobs.filter((job) => job.handlerId === handlerId);
    this.jobs = this.jobs.filter((job) => job.handlerId !== handlerId);
    for (const job of dropped) job.reject(new Error("connection closed"));
  }

  /** A connection went away: end its request cycle and roll back its transaction, freeing the session. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    try {
      if (this.owner === handlerId) await this.enqueue(handlerId, SYNC, () => {});
      if (this.owner === handlerId) await this.enqueue(handlerId, ROLLBACK, () => {});
    } catch {
      // The database is closing; nothing left to free.
    }
    if (this.owner === handlerId) this.owner = null;
    this.notifications.forget(handlerId);
    void this.drain();
  }

  whenIdle(): Promise<void> {
    if (!this.draining && this.jobs.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    for (;;) {
      const index = this.jobs.findIndex((job) => this.owner === null || job.handlerId === this.owner);
      if (index < 0) break;
      const job = this.jobs.splice(index, 1)[0]!;
      this.owner = job.handlerId;
      let bytes = 0;
      let tail = Buffer.alloc(0);
      const filter = new NotificationFilter();
      const pass = (data: Buffer) => {
        if (data.length === 0) return;
        bytes += data.length;
        job.onData(new Uint8Array(data));
      };
      try {
        await this.db.runExclusive(() =>
          this.db.execProtocolRawStream(job.message, {
            onRawData: (data) => {
              tail = Buffer.concat([tail, data.subarray(-6)]).subarray(-6);
              pass(filter.push(data));
            },
          }),
        );
        pass(filter.flush());
        for (const notification of filter.notifications) this.notifications.route(notification);
        job.resolve(bytes);
      } catch (error) {
        // The owner keeps the session; its handler detaches on this error, which frees it.
        job.reject(error as Error);
      }
      if (endsIdle(tail)) this.owner = null;
    }
    this.draining = false;
    if (this.jobs.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

/** pglite-socket hands each new connection the server's `queryQueue`; swap in SessionQueue. */
function installSessionQueue(server: PGLiteSocketServer, queue: SessionQueue): void {
  if (!("queryQueue" in server)) {
    throw new Error("@electric-sql/pglite-socket changed its internals: re-check lib/db/embedded.ts (pinned to 0.2.17)");
  }
  (server as unknown as { queryQueue: SessionQueue }).queryQueue = queue;
}
