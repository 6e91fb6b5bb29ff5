/**
 * Large bodies on a server with the heap cap `npm start` gives it (docs/SECURITY.md, "Large bodies"):
 * maximal many-card changes one after another leave nothing behind (Prisma's debug history once kept
 * their parameters: scripts/limit-prisma-debug-history.mjs), and a dozen sent at once take turns
 * (lib/http/large-body-gate.ts), each applied or refused with 503 and Retry-After, while a small change
 * never waits behind them.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SERVER_HEAP_MB, serverNodeOptions } from "../../scripts/server-node-options";
import { startAppServer, type AppServer } from "../setup/app-server";
import { countCards, insertSnap } from "./card-fixtures";
import { createTeam, type Team } from "./fixtures";
import { api, databaseUrl } from "./helpers";

const METRICS_TOKEN = randomBytes(24).toString("base64url");
const AT_ONCE = 12;
const MAX_CHANGE_BODY_BYTES = 4_000_000;

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

/** 5,000 new cards whose titles fill the body to just under its 4 MB limit. */
function maximalChange(): string {
  const create = Array.from({ length: 5_000 }, (_, index) => ({ row: Math.floor(index / 100), col: index % 100, title: "" }));
  const titleLength = Math.floor((MAX_CHANGE_BODY_BYTES - JSON.stringify({ create }).length) / create.length) - 1;
  const title = "x".repeat(titleLength);
  const body = JSON.stringify({ create: create.map((card) => ({ ...card, title })) });
  expect(body.length).toBeGreaterThan(MAX_CHANGE_BODY_BYTES * 0.99);
  expect(body.length).toBeLessThanOrEqual(MAX_CHANGE_BODY_BYTES);
  return body;
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
});
