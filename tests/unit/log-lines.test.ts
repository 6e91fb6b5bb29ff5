import { describe, expect, it, vi } from "vitest";
import { capLine, MAX_LINE_BYTES } from "@/lib/log/cap-line";
import { outageComponent } from "@/lib/log/outage-cause";
import { admitOutageLine, databaseAwayUnanswered, databaseReachable, OUTAGE_SETTLE_MS, type OutageSummary } from "@/lib/log/outage-lines";
import { serializeError } from "@/lib/log/serialize-error";

/** An idle pg connection's error as pg-pool emits it: the whole client on it. */
function idleClientError(): Error {
  const error = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET", errno: -104, syscall: "read" });
  const client = {
    connectionParameters: { host: "127.0.0.1" },
    parsedStatements: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`s${i}`, "SELECT ".repeat(50)])),
  };
  return Object.assign(error, { client });
}

describe("serializeError", () => {
  it("keeps type, message, code and stack only", () => {
    const serialized = serializeError(idleClientError()) as Record<string, unknown>;
    expect(Object.keys(serialized).sort()).toEqual(["code", "message", "stack", "type"]);
    expect(serialized).toMatchObject({ type: "Error", message: "read ECONNRESET", code: "ECONNRESET" });
    expect(JSON.stringify(serialized).length).toBeLessThan(MAX_LINE_BYTES);
  });

  it("bounds the message and the stack, and takes what is not an error", () => {
    const error = new TypeError("x".repeat(10_000));
    error.stack = ["TypeError: boom", ...Array.from({ length: 50 }, (_, i) => `    at frame${i} (file.js:1:1)`)].join("\n");
    const serialized = serializeError(error) as { type: string; message: string; stack: string };
    expect(serialized.type).toBe("TypeError");
    expect(serialized.message.length).toBeLessThanOrEqual(401);
    expect(serialized.stack.split("\n")).toHaveLength(9);
    expect(serializeError("just text")).toEqual({ type: "string", message: "just text" });
  });
});

describe("capLine", () => {
  it("leaves a short line alone", () => {
    const line = `${JSON.stringify({ level: 30, msg: "request" })}\n`;
    expect(capLine(line)).toBe(line);
  });

  it("shortens a long line to at most 2 KB, keeping level, time and the start of each field", () => {
    const line = `${JSON.stringify({ level: 50, time: "2026-11-27T12:00:00.000Z", component: "job-queue", msg: "m".repeat(5_000), meta: { a: "b".repeat(5_000), n: 1 } })}\n`;
    const capped = capLine(line);
    expect(Buffer.byteLength(capped)).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(capped.endsWith("\n")).toBe(true);
    const fields = JSON.parse(capped);
    expect(fields).toMatchObject({ level: 50, time: "2026-11-27T12:00:00.000Z", component: "job-queue", truncated: true, meta: { n: 1 } });
    expect(fields.msg.startsWith("mmm")).toBe(true);
  });

  it("falls back to level, time and message when many fields are long", () => {
    const fields = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, "z".repeat(1_000)]));
    const capped = capLine(`${JSON.stringify({ level: 40, time: "t", msg: "many", ...fields })}\n`);
    expect(Buffer.byteLength(capped)).toBeLessThanOrEqual(MAX_LINE_BYTES);
    expect(JSON.parse(capped)).toEqual({ level: 40, time: "t", msg: "many", truncated: true });
  });
});

describe("outage lines", () => {
  it("names the component of database connection failures only", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(outageComponent({ component: "job-queue", error: refused }, "Error with notify listener (trying again in 1000ms)")).toBe("job-queue");
    expect(outageComponent({ err: idleClientError() }, "idle database connection lost")).toBe("database");
    expect(outageComponent("PostgreSQL idle client generated error: read ECONNRESET", undefined)).toBe("database");
    expect(outageComponent({ component: "job-queue" }, "Client has encountered a connection error and is not queryable")).toBe("job-queue");
    expect(outageComponent({ err: new Error("boom") }, "unexpected error")).toBeNull();
    expect(outageComponent({ status: 500 }, "request failed")).toBeNull();
  });

  it("writes each component's first line, folds losses in quick succession into one outage, and ends once the database stays reachable", () => {
    vi.useFakeTimers();
    try {
      const reports: OutageSummary[] = [];
      const report = (summary: OutageSummary) => reports.push(summary);
      const start = 1_000_000;
      expect(databaseAwayUnanswered()).toBe(false);
      expect(admitOutageLine("database", start)).toBe(true);
      expect(admitOutageLine("database", start + 1)).toBe(false);
      expect(admitOutageLine("job-queue", start + 2)).toBe(true);
      expect(admitOutageLine("job-queue", start + 3)).toBe(false);
      // Away with no answer yet: what the job worker's probe waits for (lib/jobs/probe-database-during-outage.ts).
      expect(databaseAwayUnanswered()).toBe(true);
      // Back, then lost again a second later: the same outage, a second loss, no new line.
      databaseReachable(report, start + 300);
      expect(databaseAwayUnanswered()).toBe(false);
      vi.advanceTimersByTime(OUTAGE_SETTLE_MS - 1);
      expect(admitOutageLine("database", start + 1_000)).toBe(false);
      expect(databaseAwayUnanswered()).toBe(true);
      vi.advanceTimersByTime(OUTAGE_SETTLE_MS);
      expect(reports).toEqual([]);
      // Back for good: one summary, once.
      databaseReachable(report, start + 1_300);
      // A component answering meanwhile (the job queue polls every second) does not put the line off.
      vi.advanceTimersByTime(OUTAGE_SETTLE_MS - 1);
      databaseReachable(report, start + 1_300 + OUTAGE_SETTLE_MS - 1);
      expect(reports).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(reports).toEqual([{ downForMs: 1_300, losses: 2, linesLeftOut: 3 }]);
      expect(databaseAwayUnanswered()).toBe(false);
      // Nothing to report without an outage; the next outage starts afresh.
      databaseReachable(report, start + 20_000);
      vi.advanceTimersByTime(OUTAGE_SETTLE_MS);
      expect(reports).toHaveLength(1);
      expect(admitOutageLine("database", start + 30_000)).toBe(true);
      databaseReachable(report, start + 30_100);
      vi.advanceTimersByTime(OUTAGE_SETTLE_MS);
      expect(reports[1]).toEqual({ downForMs: 100, losses: 1, linesLeftOut: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});
