import { describe, expect, it } from "vitest";
import { capLine, MAX_LINE_BYTES } from "@/lib/log/cap-line";
import { outageCause } from "@/lib/log/outage-cause";
import { admitOutageLine, databaseReachable, OUTAGE_LINE_INTERVAL_MS } from "@/lib/log/outage-lines";
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
  it("names a cause for database connection failures only, numbers aside", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(outageCause({ component: "job-queue", error: refused }, "Error with notify listener (trying again in 1000ms)")).toBe(
      "job-queue|Error with notify listener (trying again in #ms)",
    );
    expect(outageCause({ err: idleClientError() }, "idle database connection lost")).toBe("|idle database connection lost");
    expect(outageCause("PostgreSQL idle client generated error: read ECONNRESET", undefined)).toBe("|PostgreSQL idle client generated error: read ECONNRESET");
    expect(outageCause({ err: new Error("boom") }, "unexpected error")).toBeNull();
    expect(outageCause({ status: 500 }, "request failed")).toBeNull();
  });

  it("writes a cause at most once per interval, then says how many it left out, and ends when the database is reachable", () => {
    databaseReachable(); // whatever an earlier test left
    const start = 1_000_000;
    expect(admitOutageLine("a", start)).toEqual({ write: true, leftOut: 0 });
    expect(admitOutageLine("a", start + 1)).toEqual({ write: false, leftOut: 0 });
    expect(admitOutageLine("b", start + 2)).toEqual({ write: true, leftOut: 0 });
    expect(admitOutageLine("a", start + OUTAGE_LINE_INTERVAL_MS - 1).write).toBe(false);
    expect(admitOutageLine("a", start + OUTAGE_LINE_INTERVAL_MS)).toEqual({ write: true, leftOut: 2 });
    expect(databaseReachable(start + 20_000)).toEqual({ downForMs: 20_000, linesLeftOut: 0 });
    expect(databaseReachable(start + 21_000)).toBeNull();
    expect(admitOutageLine("a", start + 22_000)).toEqual({ write: true, leftOut: 0 });
    databaseReachable();
  });
});
