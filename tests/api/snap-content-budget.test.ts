/**
 * A snap holds at most its content budget (docs/API.md, "Content budget"), and a snap filled to it
 * reads back through every read path at once from a server with the heap cap `npm start` gives it
 * (scripts/server-node-options.ts), which stays up. A write past the budget is 413 naming the
 * budget and what is used, whichever path it takes, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { serverNodeOptions } from "../../scripts/server-node-options";
import { CARD_FIXED_BYTES, SNAP_CONTENT_BUDGET_BYTES } from "../../lib/board-model/snap-content-budget";
import { startAppServer, type AppServer } from "../setup/app-server";
import { expectError } from "./card-fixtures";
import { sql } from "./fixtures";
import { api, signUpOn, type TestUser } from "./helpers";

/**
 * A title as heavy for the server's heap as text can be for its weight: one character past Latin-1
 * makes JavaScript hold the whole string as UTF-16, two bytes for each ASCII byte it weighs.
 */
const TITLE = "界" + "x".repeat(9_949);
/** Cells of the two range writes that fill the snap: 20 rows then 19 of 20 cells, under 4 MB a body. */
const FILL = [20, 19].map((rows, i) => ({ row: 1 + 20 * i, rows, cols: 20 }));
/**
 * Each read path this many times at once, with one PATCH of the title: 9 requests, within the
 * server's 10 database connections (DATABASE_POOL_SIZE). One PATCH: two of one snap take turns on
 * its row, which is not what this measures.
 */
const READS_PER_PATH = 2;

let server: AppServer;
let output = "";
let owner: TestUser & { key: string };
let readKey: string;
let snapId: string;
let cornerId: string;

/** What a text weighs: its UTF-8 bytes as a JSON string carries it, without the quotes. */
const textBytes = (text: string) => (text === "" ? 0 : Buffer.byteLength(JSON.stringify(text)) - 2);
const on = (method: string, path: string, options: { key?: string; body?: unknown } = {}) =>
  api(method, path, { key: owner.key, ...options, baseUrl: server.baseUrl });

async function mcpCall(key: string, name: string, args: Record<string, unknown>) {
  const response = await fetch(`${server.baseUrl}/api/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  expect(response.status).toBe(200);
  return (await response.json()).result as { isError?: boolean; structuredContent?: any; content: { text: string }[] };
}

const snapState = async () =>
  (
    await sql().query(
      `SELECT s.version, count(c.id)::int AS cards, sum(length(c.title) + length(c.note))::int AS text
       FROM "Snap" s JOIN "Card" c ON c."snapId" = s.id WHERE s.id = $1 GROUP BY s.id`,
      [snapId],
    )
  ).rows[0];

beforeAll(async () => {
  server = await startAppServer({
    databaseUrl: inject("databaseUrl"),
    authSecret: inject("authSecret"),
    env: { NODE_OPTIONS: serverNodeOptions("") },
    onOutput: (text) => (output += text),
  });
  owner = await signUpOn(server.baseUrl, "content-budget");
  readKey = (await api("POST", "/api/keys", { baseUrl: server.baseUrl, cookie: owner.cookie, body: { name: "read", access: "read" } })).body.apiKey.key;
  snapId = (await on("POST", "/api/snaps", { body: { title: "Full", rows: 1, cols: 1 } })).body.snap.id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (snapId) await sql().query(`DELETE FROM "Snap" WHERE id = $1`, [snapId]);
});

describe("a snap's content budget", { timeout: 300_000 }, () => {
  it("fills to the budget exactly, then refuses one more byte on every write path (413 naming budget and use) and changes nothing", async () => {
    for (const { row, rows, cols } of FILL) {
      const values = Array.from({ length: rows }, () => Array.from({ length: cols }, () => TITLE));
      const written = await on("PUT", `/api/snaps/${snapId}/range`, { body: { row, col: 0, values } });
      expect(written.status).toBe(200);
    }
    const filled = FILL.reduce((sum, { rows, cols }) => sum + rows * cols, 0);
    const used = CARD_FIXED_BYTES + filled * (CARD_FIXED_BYTES + textBytes(TITLE));
    // The snap's first card takes the rest to the byte.
    const snap = (await on("GET", `/api/snaps/${snapId}`)).body.snap;
    cornerId = snap.cards.find((card: { row: number; col: number }) => card.row === 0 && card.col === 0).id;
    const rest = "y".repeat(SNAP_CONTENT_BUDGET_BYTES - used);
    expect((await on("PATCH", `/api/snaps/cards/${cornerId}`, { body: { title: rest } })).status).toBe(200);
    const full = await snapState();
    expect(full.cards).toBe(filled + 1);

    const budget = SNAP_CONTENT_BUDGET_BYTES.toLocaleString("en");
    const refusals = [
      await on("PATCH", `/api/snaps/cards/${cornerId}`, { body: { title: rest + "y" } }),
      await on("POST", `/api/snaps/cards/${snapId}`, { body: { row: 0, col: 50 } }),
      await on("PATCH", "/api/snaps/cards/batch", { body: { updates: [{ id: cornerId, note: "n" }] } }),
      await on("PUT", `/api/snaps/${snapId}/range`, { body: { row: 0, col: 60, values: [["z"]] } }),
      await on("POST", `/api/snaps/${snapId}/changes`, { body: { create: [{ row: 0, col: 70, title: "z" }] } }),
    ];
    for (const refused of refusals) {
      expectError(refused, 413, "PAYLOAD_TOO_LARGE", ["snap"]);
      expect(refused.body.error.message).toContain(`may hold ${budget} bytes of content and this one holds ${budget}`);
      expect(refused.body.error.details).toEqual([
        { path: "snap", message: `Content budget: ${SNAP_CONTENT_BUDGET_BYTES} of ${SNAP_CONTENT_BUDGET_BYTES} bytes used` },
      ]);
    }
    const viaMcp = await mcpCall(owner.key, "write_range", { id: snapId, row: 0, col: 80, values: [["z"]] });
    expect(viaMcp.isError).toBe(true);
    expect(viaMcp.content[0]!.text).toContain(`may hold ${budget} bytes of content`);
    expect(await snapState()).toEqual(full);

    // Lighter is always allowed, and the room it makes can be used again, to the byte.
    expect((await on("PATCH", `/api/snaps/cards/${cornerId}`, { body: { title: rest.slice(1) } })).status).toBe(200);
    expect((await on("PATCH", `/api/snaps/cards/${cornerId}`, { body: { title: rest } })).status).toBe(200);
    expectError(await on("PATCH", `/api/snaps/cards/${cornerId}`, { body: { title: rest + "y" } }), 413, "PAYLOAD_TOO_LARGE", ["snap"]);
  });

  it("reads a full snap back through every read path at once, under npm start's heap cap, and the server stays up", async () => {
    const cards = FILL.reduce((sum, { rows, cols }) => sum + rows * cols, 0) + 1;
    const readers = {
      snap: async () => {
        const read = await on("GET", `/api/snaps/${snapId}`, { key: readKey });
        expect(read.status, `GET snap: ${JSON.stringify(read.body).slice(0, 300)}`).toBe(200);
        expect(read.body.snap.cards).toHaveLength(cards);
      },
      range: async () => {
        const read = await on("GET", `/api/snaps/${snapId}/range?row=0&col=0&rows=100&cols=100`, { key: readKey });
        expect(read.status, `GET range: ${JSON.stringify(read.body).slice(0, 300)}`).toBe(200);
        expect(read.body.values.flat().filter((title: string | null) => title === TITLE)).toHaveLength(cards - 1);
      },
      exportJson: async () => {
        const read = await on("GET", `/api/snaps/${snapId}/export?format=json`, { key: readKey });
        expect(read.status, `export: ${JSON.stringify(read.body).slice(0, 300)}`).toBe(200);
        expect(read.body.cards).toHaveLength(cards);
      },
      mcpReadRange: async () => {
        const read = await mcpCall(readKey, "read_range", { id: snapId, row: 0, col: 0, rows: 100, cols: 100 });
        expect(read.isError, `read_range: ${read.content[0]?.text.slice(0, 300)}`).toBeFalsy();
        expect(read.structuredContent.values.flat().filter((title: string | null) => title === TITLE)).toHaveLength(cards - 1);
      },
      patchTitle: async () => {
        const written = await on("PATCH", `/api/snaps/${snapId}`, { body: { title: "Full, renamed" } });
        expect(written.status, `PATCH: ${JSON.stringify(written.body).slice(0, 300)}`).toBe(200);
        expect(written.body.snap.cards).toHaveLength(cards);
      },
    };
    const { patchTitle, ...reads } = readers;
    const results = await Promise.allSettled([...Object.values(reads).flatMap((read) => Array.from({ length: READS_PER_PATH }, read)), patchTitle()]);
    expect(
      results.filter((result) => result.status === "rejected"),
      `the server's log:\n${output.slice(-3_000)}`,
    ).toEqual([]);
    expect((await api("GET", "/api/health", { baseUrl: server.baseUrl })).status).toBe(200);
    expect(output).not.toContain("heap limit");
  });
});
