/**
 * Large bodies on a server with the heap cap `npm start` gives it (docs/SECURITY.md, "Large bodies"):
 * maximal many-card changes one after another leave nothing behind (Prisma's debug history once kept
 * their parameters: scripts/limit-prisma-debug-history.mjs), and a dozen sent at once take turns
 * (lib/http/large-body-gate.ts), each applied or refused with 503 and Retry-After, while a small change
 * never waits behind them. MCP tool calls run as tasks keep their turn until their work ends; one
 * user's requests never hold every turn, and a body that trickles is dropped.
 */
import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SERVER_HEAP_MB, serverNodeOptions } from "../../scripts/server-node-options";
import { LARGE_BODY_BYTES } from "@/lib/http/large-body-gate";
import { startAppServer, type AppServer } from "../setup/app-server";
import { countCards, insertSnap } from "./card-fixtures";
import { createTeam, sql, type Team } from "./fixtures";
import { api, databaseUrl } from "./helpers";
import { mcp2026Request } from "./mcp-2026-request";

const METRICS_TOKEN = randomBytes(24).toString("base64url");
const AT_ONCE = 12;
const MAX_CHANGE_BODY_BYTES = 4_000_000;
/**
 * A 2026-07-28 MCP call of 5,000 new cards, the largest a board can take: the probe sent 7.2 MB, but
 * 5,000 cards weigh 1.5 MB before their titles, so titles filling 6.5 MB keep the call inside the
 * board's content budget (docs/API.md, "Content budget").
 */
const MCP_CALL_BYTES = 6_500_000;
const TASKS = { extensions: { "io.modelcontextprotocol/tasks": {} } };

let server: AppServer;
let team: Team;

beforeAll(async () => {
  [server, team] = await Promise.all([
    startAppServer({ databaseUrl, authSecret: inject("authSecret"), env: { NODE_OPTIONS: serverNodeOptions(""), METRICS_TOKEN } }),
    createTeam(),
  ]);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** `count` new cards whose titles fill the body to just under `bytes`. */
function changeOf(bytes: number, count = 5_000): { create: { row: number; col: number; title: string }[] } {
  const create = Array.from({ length: count }, (_, index) => ({ row: Math.floor(index / 100), col: index % 100, title: "" }));
  const titleLength = Math.floor((bytes - JSON.stringify({ create }).length) / create.length) - 1;
  const title = "x".repeat(titleLength);
  return { create: create.map((card) => ({ ...card, title })) };
}

/** 5,000 new cards whose titles fill the body to just under its 4 MB limit. */
function maximalChange(): string {
  const body = JSON.stringify(changeOf(MAX_CHANGE_BODY_BYTES));
  expect(body.length).toBeGreaterThan(MAX_CHANGE_BODY_BYTES * 0.99);
  expect(body.length).toBeLessThanOrEqual(MAX_CHANGE_BODY_BYTES);
  return body;
}

/** A 2026-07-28 request to this file's server, optionally declaring tasks. */
const mcpCall = (key: string, method: string, params: Record<string, unknown>, capabilities: Record<string, unknown> = {}) =>
  mcp2026Request(`${server.baseUrl}/api/mcp`, key, method, params, capabilities);

/** The task's final state, polled as a client does until it is no longer working. */
async function finishedTask(key: string, taskId: string) {
  let task: any;
  await expect
    .poll(
      async () => {
        task = (await mcpCall(key, "tasks/get", { taskId }, TASKS)).body.result;
        return task.status;
      },
      { timeout: 240_000, interval: 500 },
    )
    .not.toBe("working");
  return task;
}

async function metric(name: string): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name} `));
  return Number(line?.split(" ")[1]);
}

interface HeldAnswer {
  status: number;
  head: string;
  body: string;
}

/**
 * A request whose head announces `declaredLength` bytes of body, of which only `sent` are sent:
 * the connection stays open until the server answers (or closes it).
 */
function trickle(path: string, headers: Record<string, string>, declaredLength: number, sent: Buffer): { answer: Promise<HeldAnswer>; close: () => void } {
  const target = new URL(server.baseUrl);
  const socket = connect(Number(target.port), target.hostname);
  const lines = [`POST ${path} HTTP/1.1`, `Host: ${target.host}`, "Connection: close", `Content-Length: ${declaredLength}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const answer = new Promise<HeldAnswer>((resolve, reject) => {
    let received = "";
    /** The answer once whole (by its Content-Length or its last chunk), or when the server closes. */
    const settle = (closed: boolean) => {
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) {
        if (closed) reject(new Error(`the connection ended without an answer (${received.length} bytes received)`));
        return;
      }
      const head = received.slice(0, end);
      let body = received.slice(end + 4);
      const length = /content-length: *(\d+)/i.exec(head);
      const chunked = /transfer-encoding: *chunked/i.test(head);
      if (!closed && (length ? Buffer.byteLength(body) < Number(length[1]) : chunked && !body.endsWith("0\r\n\r\n"))) return;
      if (chunked) body = body.replace(/^[0-9a-f]+\r\n/i, "").replace(/\r\n0\r\n\r\n$/, "");
      socket.destroy();
      resolve({ status: Number(received.slice(9, 12)), head, body });
    };
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
      settle(false);
    });
    socket.on("end", () => settle(true));
    socket.on("error", () => settle(true));
  });
  socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  socket.write(sent);
  return { answer, close: () => socket.destroy() };
}

async function heapUsedBytes(): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split("\n").find((candidate) => candidate.startsWith("nodejs_heap_size_used_bytes "));
  return Number(line?.split(" ")[1]);
}

function sendChange(snapId: string, body: string) {
  return fetch(`${server.baseUrl}/api/snaps/${snapId}/changes`, {
    method: "POST",
    headers: { authorization: `Bearer ${team.owner.key}`, "content-type": "application/json" },
    body,
  });
}

describe("large bodies", { timeout: 300_000 }, () => {
  it("ten maximal changes one after another: each applied, none kept in memory after", async () => {
    const body = maximalChange();
    for (let round = 0; round < 10; round++) {
      const snap = await insertSnap(team.owner);
      const response = await sendChange(snap.id, body);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    expect((await api("GET", "/api/health", { baseUrl: server.baseUrl })).status).toBe(200);
    expect(await heapUsedBytes()).toBeLessThan(SERVER_HEAP_MB * 2 ** 20);
  });

  it(`${AT_ONCE} maximal changes at once take turns: each applied or 503 with Retry-After, the server up, its heap under the cap`, async () => {
    const body = maximalChange();
    const snaps = await Promise.all(Array.from({ length: AT_ONCE }, () => insertSnap(team.owner)));
    const small = await insertSnap(team.owner, { cards: 1 });

    const sent = snaps.map(async (snap) => {
      const response = await sendChange(snap.id, body);
      const answer = (await response.json()) as { created?: unknown[]; error?: { code: string } };
      return { snap, status: response.status, retryAfter: response.headers.get("retry-after"), answer };
    });
    // A gesture-sized change, sent while the large ones hold every turn, is not queued behind them.
    const gesture = await api("POST", `/api/snaps/${small.id}/changes`, { key: team.owner.key, body: { update: [{ id: small.cardIds[0], bold: true }] } });
    expect(gesture.status).toBe(200);

    const answers = await Promise.all(sent);
    const applied = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 503);
    expect(applied.length + refused.length, JSON.stringify(answers.map((answer) => answer.status))).toBe(AT_ONCE);
    expect(applied.length).toBeGreaterThan(0);
    for (const answer of applied) {
      expect(answer.answer.created).toHaveLength(5_000);
      expect(await countCards(answer.snap.id)).toBe(5_000);
    }
    for (const answer of refused) {
      expect(answer.answer.error?.code).toBe("SERVICE_UNAVAILABLE");
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(await countCards(answer.snap.id)).toBe(0);
    }

    expect((await api("GET", "/api/health", { baseUrl: server.baseUrl })).status).toBe(200);
    expect(await heapUsedBytes()).toBeLessThan(SERVER_HEAP_MB * 2 ** 20);
  });

  it(`${AT_ONCE} maximal apply_changes at once as MCP tasks: each a task that completes or 503 with Retry-After, the server up, its heap under the cap`, async () => {
    const snaps = await Promise.all(Array.from({ length: AT_ONCE }, () => insertSnap(team.owner)));
    const change = changeOf(MCP_CALL_BYTES);
    const sent = snaps.map(async (snap) => {
      const answer = await mcpCall(team.owner.key, "tools/call", { name: "apply_changes", arguments: { id: snap.id, ...change } }, TASKS);
      return { snap, ...answer };
    });
    const answers = await Promise.all(sent);
    const tasks = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 503);
    expect(tasks.length + refused.length, JSON.stringify(answers.map((answer) => answer.status))).toBe(AT_ONCE);
    expect(tasks.length).toBeGreaterThan(0);
    for (const answer of tasks) {
      expect(answer.body.result).toMatchObject({ resultType: "task", status: "working" });
      const task = await finishedTask(team.owner.key, answer.body.result.taskId);
      expect(task.status).toBe("completed");
      expect(task.result.isError).toBeFalsy();
      expect(await countCards(answer.snap.id)).toBe(5_000);
    }
    for (const answer of refused) {
      expect(answer.body.error.code).toBe("SERVICE_UNAVAILABLE");
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(await countCards(answer.snap.id)).toBe(0);
    }
    expect(await metric("large_body_turns_in_flight")).toBe(0);
    expect((await api("GET", "/api/health", { baseUrl: server.baseUrl })).status).toBe(200);
    expect(await heapUsedBytes()).toBeLessThan(SERVER_HEAP_MB * 2 ** 20);
  });

  it("runs at most 4 tool calls of one user as tasks at once: the fifth is a tool error, 429 RATE_LIMITED", async () => {
    const snap = await insertSnap(team.member);
    const call = () =>
      mcpCall(team.member.key, "tools/call", { name: "apply_changes", arguments: { id: snap.id, create: [{ row: 0, col: 0, title: "x" }] } }, TASKS);
    // The snap's row locked: each task's work waits on it, so four are working when the fifth comes.
    const lock = await sql().connect();
    const started: string[] = [];
    try {
      await lock.query("BEGIN");
      await lock.query(`SELECT id FROM "Snap" WHERE id = $1 FOR UPDATE`, [snap.id]);
      for (let index = 0; index < 4; index++) {
        const answer = await call();
        expect(answer.body.result).toMatchObject({ resultType: "task", status: "working" });
        started.push(answer.body.result.taskId);
      }
      const fifth = await call();
      expect(fifth.body.result.isError).toBe(true);
      const error = JSON.parse(fifth.body.result.content[0].text).error;
      expect(error.code).toBe("RATE_LIMITED");
      expect(error.message).toMatch(/At most 4 of your tool calls run as tasks at once/);
    } finally {
      await lock.query("COMMIT");
      lock.release();
    }
    for (const taskId of started) expect((await finishedTask(team.member.key, taskId)).status).toBe("completed");
    // Their work ended: a task may start again.
    const again = await call();
    expect(again.body.result).toMatchObject({ resultType: "task" });
    expect((await finishedTask(team.member.key, again.body.result.taskId)).status).toBe("completed");
  });

  it("one user holding every turn with trickling imports does not stop another user's large change; the trickles are dropped (408) or refused (503)", async () => {
    const HELD = 18;
    const holder = team.member;
    const held = Array.from({ length: HELD }, () =>
      trickle("/api/snaps/import/zip", { authorization: `Bearer ${holder.key}`, "content-type": "application/zip" }, 100_000_000, Buffer.from("PK\x03\x04")),
    );
    try {
      const answered: HeldAnswer[] = [];
      for (const request of held)
        void request.answer.then(
          (answer) => answered.push(answer),
          () => {},
        );
      // Every one of them has been taken in by the gate: holding a turn, waiting for one, or refused.
      await expect
        .poll(async () => answered.length + (await metric("large_body_turns_in_flight")) + (await metric("large_body_requests_waiting")), {
          timeout: 60_000,
        })
        .toBe(HELD);

      const snap = await insertSnap(team.owner);
      const body = JSON.stringify(changeOf(292_000, 200));
      expect(body.length).toBeGreaterThan(LARGE_BODY_BYTES);
      const change = await sendChange(snap.id, body);
      expect(change.status).toBe(200);
      expect(((await change.json()) as { created: unknown[] }).created).toHaveLength(200);

      const answers = await Promise.all(held.map((request) => request.answer));
      const dropped = answers.filter((answer) => answer.status === 408);
      expect(dropped.length + answers.filter((answer) => answer.status === 503).length, JSON.stringify(answers.map((answer) => answer.status))).toBe(HELD);
      expect(dropped.length).toBeGreaterThan(0);
      for (const answer of dropped) {
        expect(answer.head).toMatch(/\r\nconnection: close\r\n/i);
        expect(JSON.parse(answer.body).error).toMatchObject({ code: "REQUEST_TIMEOUT", message: expect.stringMatching(/slower than 16,384 bytes per second/) });
      }
    } finally {
      for (const request of held) request.close();
    }
    expect((await api("GET", "/api/health", { baseUrl: server.baseUrl })).status).toBe(200);
  });
});
