/**
 * What an operator reads while the database is away: the job worker process (as `npm start` runs
 * it) and an app instance (JOB_WORKER=off, as beside it) talk to PostgreSQL through a TCP proxy the
 * test owns, which it cuts and later restores. Their log lines must each be at most 2 KB, carry an
 * error as `{type, message, code, stack}` only, repeat a cause at most once per 10 s, and say once
 * that the database is back (docs/ARCHITECTURE.md, "Logs"). The test waits for lines, never a time.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MAX_LINE_BYTES } from "../../lib/log/cap-line";
import { OUTAGE_LINE_INTERVAL_MS } from "../../lib/log/outage-lines";
import { startAppServer, type AppServer } from "../setup/app-server";
import { startTcpProxy, type TcpProxy } from "../setup/tcp-proxy";
import { createTeam, type TeamMember } from "./fixtures";
import { databaseUrl } from "./helpers";

/** One process's output, split into lines as they come, and waits on them. */
class LogLines {
  readonly lines: string[] = [];
  private partial = "";
  private waiters: { test: (line: string) => boolean; resolve: () => void }[] = [];

  add = (text: string): void => {
    const parts = (this.partial + text).split("\n");
    this.partial = parts.pop()!;
    for (const line of parts) {
      this.lines.push(line);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.test(line)) return true;
        waiter.resolve();
        return false;
      });
    }
  };

  /** Resolves at the first line from index `from` on that passes `test`. */
  waitFor(test: (line: string) => boolean, from = 0): Promise<void> {
    if (this.lines.slice(from).some(test)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  records(from = 0, to = this.lines.length): Record<string, unknown>[] {
    return this.lines.slice(from, to).flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  }
}

const fields = (line: string): Record<string, unknown> | null => {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
};
const says = (message: string) => (line: string) => fields(line)?.msg === message;
/** A cause's line written again after its interval, saying how many of its lines it left out. */
const repeatedCause = (line: string) => Number(fields(line)?.linesLeftOut) > 0;

const ERROR_FIELDS = ["code", "message", "stack", "type"];

let proxy: TcpProxy;
let app: AppServer;
let worker: ChildProcess;
const appLog = new LogLines();
const workerLog = new LogLines();
let owner: TeamMember;

beforeAll(async () => {
  proxy = await startTcpProxy(databaseUrl);
  worker = spawn(process.execPath, ["scripts/start.mjs", "--job-worker"], {
    env: { ...process.env, DATABASE_URL: proxy.url, AUTH_SECRET: inject("authSecret"), LOG_LEVEL: "info", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  worker.stdout!.setEncoding("utf8").on("data", workerLog.add);
  worker.stderr!.setEncoding("utf8").on("data", workerLog.add);
  app = await startAppServer({ databaseUrl: proxy.url, authSecret: inject("authSecret"), env: { JOB_WORKER: "off" }, onOutput: appLog.add });
  ({ owner } = await createTeam());
  await workerLog.waitFor(says("job worker started"));
}, 120_000);

afterAll(async () => {
  worker?.kill("SIGKILL");
  await app?.stop();
  await proxy?.close();
});

/** Status of one request that needs the database (the key is looked up): 503 while it is away. */
async function listSnaps(): Promise<number> {
  const response = await fetch(`${app.baseUrl}/api/snaps`, { headers: { authorization: `Bearer ${owner.key}` } });
  await response.arrayBuffer();
  return response.status;
}

/** Requests one after another (a few a second) until `done` settles: load on the app while it lasts. */
async function requestsUntil(done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const statuses: number[] = [];
  while (!finished) {
    statuses.push(await listSnaps());
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  return statuses;
}

describe("logs while the database is away", () => {
  it("are short, carry errors as {type, message, code, stack}, repeat a cause at most every 10 s, and say once when it is back", async ({ annotate }) => {
    expect(await listSnaps()).toBe(200);
    const appFrom = appLog.lines.length;
    const workerFrom = workerLog.lines.length;

    proxy.cut();
    // Away until each process has written some cause a second time: past its 10 s, with lines left out.
    const repeated = Promise.all([appLog.waitFor(repeatedCause, appFrom), workerLog.waitFor(repeatedCause, workerFrom)]);
    const whileAway = await requestsUntil(repeated);
    expect(whileAway.length).toBeGreaterThan(0);
    expect(new Set(whileAway)).toEqual(new Set([503]));
    const appRestoredAt = appLog.lines.length;
    const workerRestoredAt = workerLog.lines.length;

    await proxy.restore();
    const back = Promise.all([
      appLog.waitFor(says("database reachable again"), appRestoredAt),
      workerLog.waitFor(says("database reachable again"), workerRestoredAt),
    ]);
    // The app's pool connects again at its next request; the worker's queue at its next poll.
    await requestsUntil(back);
    expect(await listSnaps()).toBe(200);

    for (const [name, log, from] of [
      ["app", appLog, appFrom],
      ["job worker", workerLog, workerFrom],
    ] as const) {
      const lines = log.lines.slice(from);
      for (const line of lines) expect(Buffer.byteLength(line) + 1, `${name}: ${line.slice(0, 200)}`).toBeLessThanOrEqual(MAX_LINE_BYTES);
      const records = log.records(from);
      // Errors are pino's standard fields only: never a client, a socket or a request.
      for (const record of records) {
        for (const key of ["err", "error"] as const) {
          const error = record[key];
          if (error === undefined) continue;
          expect(typeof error, `${name}: ${key} of "${String(record.msg)}"`).toBe("object");
          expect(ERROR_FIELDS, `${name}: ${key} of "${String(record.msg)}"`).toEqual(expect.arrayContaining(Object.keys(error as object)));
        }
      }
      // Each cause (component and message, numbers aside) at most once per interval.
      const outage = records.filter((record) => Number(record.level) >= 40 && record.msg !== "database reachable again");
      expect(outage.length, name).toBeGreaterThan(0);
      const lastByCause = new Map<string, number>();
      for (const record of outage) {
        const cause = `${String(record.component ?? "")}|${String(record.msg).replace(/\d+/g, "#")}`;
        const at = Date.parse(String(record.time));
        const last = lastByCause.get(cause);
        if (last !== undefined) expect(at - last, `${name}: "${cause}" again`).toBeGreaterThanOrEqual(OUTAGE_LINE_INTERVAL_MS - 5);
        lastByCause.set(cause, at);
      }
      // And once that it is back, with how long it was away.
      const backLines = records.filter((record) => record.msg === "database reachable again");
      expect(backLines, name).toHaveLength(1);
      expect(backLines[0]!.downForMs, name).toBeGreaterThanOrEqual(OUTAGE_LINE_INTERVAL_MS - 5);
      // The figures docs/PERFORMANCE.md reports (`--reporter=verbose` prints them).
      const longest = Math.max(...lines.map((line) => Buffer.byteLength(line) + 1));
      const leftOut = records.reduce((sum, record) => sum + (Number(record.linesLeftOut) || 0), 0);
      await annotate(
        `${name}: ${lines.length} lines in ${backLines[0]!.downForMs as number} ms away, ${outage.length} warnings or errors of ${lastByCause.size} causes, ` +
          `${leftOut} left out, longest line ${longest} bytes`,
      );
    }
  }, 180_000);
});
