/**
 * What an operator reads while the database is away: the job worker process (as `npm start` runs
 * it) and an app instance (JOB_WORKER=off, as beside it) talk to PostgreSQL through a TCP proxy the
 * test owns. Two shapes of outage: one long one (the proxy refuses everything, then lets it through
 * again) and six short ones a second apart (every connection reset at once, as a failover's
 * terminated backends). Either way each process writes, per component, at most one warning when the
 * outage starts and one line when it ends, each at most 2 KB, errors as `{type, message, code,
 * stack}` only (docs/ARCHITECTURE.md, "Logs"). The test waits for lines and answers, never a time;
 * the second between two losses is the shape of the outage, not a wait for anything.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MAX_LINE_BYTES } from "../../lib/log/cap-line";
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
const BACK = "database reachable again";
/** A line about the database being away: a warning or worse, other than the one saying it is back. */
const isOutageWarning = (line: string) => Number(fields(line)?.level) >= 40 && fields(line)?.msg !== BACK;

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

/**
 * Requests a tenth of a second apart until `count` of them were answered 503: the load an outage
 * meets while it lasts, and its length (100: past ten seconds, the interval at which a cause's
 * lines once repeated, and many retries of every connection).
 */
async function refusalsUntil(count: number): Promise<void> {
  let refused = 0;
  const refuse = async () => {
    const status = await listSnaps();
    expect([200, 503]).toContain(status);
    if (status === 503) refused++;
    return refused;
  };
  await expect.poll(refuse, { timeout: 120_000, interval: 100 }).toBeGreaterThanOrEqual(count);
}

/**
 * Checks what each process wrote from `from` on, the outage's start to its end line, and returns
 * how many warnings and end lines there were, for the annotation and the budget over both.
 */
function checkOutageStory(name: string, log: LogLines, from: number): { outageLines: number; summary: string } {
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
  // At most one warning per component when it starts...
  const warnings = records.filter((record) => Number(record.level) >= 40 && record.msg !== BACK);
  expect(warnings.length, name).toBeGreaterThan(0);
  const components = warnings.map((record) => String(record.component ?? "database"));
  expect(components, `${name}: ${warnings.map((record) => String(record.msg)).join(" / ")}`).toEqual([...new Set(components)]);
  // ...and one line when it ends, saying for how long, how many losses and how many lines it folded.
  const back = records.filter((record) => record.msg === BACK);
  expect(back, name).toHaveLength(1);
  expect(back[0], name).toEqual(expect.objectContaining({ downForMs: expect.any(Number), losses: expect.any(Number), linesLeftOut: expect.any(Number) }));
  const { downForMs, losses, linesLeftOut } = back[0] as { downForMs: number; losses: number; linesLeftOut: number };
  return {
    outageLines: warnings.length + back.length,
    summary: `${name}: ${warnings.length} warning(s) (${components.join(", ")}) + 1 end line (${losses} loss(es), ${downForMs} ms away, ${linesLeftOut} lines folded)`,
  };
}

/** Waits for each process's end line, written once the database has stayed reachable (requests meanwhile). */
async function untilBack(appFrom: number, workerFrom: number): Promise<void> {
  // The app's pool answers again at its next request; the worker's queue at its next poll.
  const waiting = new Set(["app", "job worker"]);
  void appLog.waitFor(says(BACK), appFrom).then(() => waiting.delete("app"));
  void workerLog.waitFor(says(BACK), workerFrom).then(() => waiting.delete("job worker"));
  // Names the process whose end line is missing, if one is.
  await expect.poll(async () => (await listSnaps(), [...waiting]), { timeout: 60_000, interval: 100 }).toEqual([]);
  expect(await listSnaps()).toBe(200);
}

describe("logs while the database is away", () => {
  it("one long outage: per component one warning at its start and one line at its end, each at most 2 KB", async ({ annotate }) => {
    expect(await listSnaps()).toBe(200);
    const appFrom = appLog.lines.length;
    const workerFrom = workerLog.lines.length;

    proxy.cut();
    // Away while both processes have said so and the app has refused a good many requests (their retries fail meanwhile).
    await Promise.all([appLog.waitFor(isOutageWarning, appFrom), workerLog.waitFor(isOutageWarning, workerFrom), refusalsUntil(100)]);
    await proxy.restore();
    await untilBack(appFrom, workerFrom);

    const stories = [checkOutageStory("app", appLog, appFrom), checkOutageStory("job worker", workerLog, workerFrom)];
    await annotate(`long outage: ${stories.map((story) => story.summary).join("; ")}`);
  }, 180_000);

  it("six losses a second apart: one story per component, at most 30 lines in all", async ({ annotate }) => {
    expect(await listSnaps()).toBe(200);
    const appFrom = appLog.lines.length;
    const workerFrom = workerLog.lines.length;

    // The proxy drops every connection six times a second apart, while requests keep coming.
    let flapping = true;
    const flaps = proxy.flap(6, 1_000).then(() => (flapping = false));
    const answered = async () => {
      expect([200, 503]).toContain(await listSnaps());
      return flapping;
    };
    await expect.poll(answered, { timeout: 60_000, interval: 100 }).toBe(false);
    await flaps;
    await untilBack(appFrom, workerFrom);

    const stories = [checkOutageStory("app", appLog, appFrom), checkOutageStory("job worker", workerLog, workerFrom)];
    const total = stories.reduce((sum, story) => sum + story.outageLines, 0);
    expect(total).toBeLessThanOrEqual(30);
    await annotate(`six losses: ${total} lines; ${stories.map((story) => story.summary).join("; ")}`);
  }, 180_000);
});
