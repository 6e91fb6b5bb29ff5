import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { createTeam, sql, type Team } from "./fixtures";
import { countCards, expectCard, expectError, insertSnap, newId } from "./card-fixtures";
import { rawRequest } from "./raw-http";

/** PUT and GET /api/snaps/:id/range, and the MCP tools over them and over changes (docs/API.md, "Ranges"). */

let team: Team;

beforeAll(async () => {
  team = await createTeam();
});

const write = (snapId: string, body: unknown, key = team.owner.key) => api("PUT", `/api/snaps/${snapId}/range`, { key, body });
const read = (snapId: string, query: string, key = team.owner.key) => api("GET", `/api/snaps/${snapId}/range?${query}`, { key });

async function versionOf(snapId: string): Promise<number> {
  const { rows } = await sql().query(`SELECT version FROM "Snap" WHERE id = $1`, [snapId]);
  return rows[0].version;
}

async function historyCount(snapId: string): Promise<number> {
  const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "SnapHistory" WHERE "snapId" = $1`, [snapId]);
  return rows[0].n;
}

async function mcpCall(name: string, args: Record<string, unknown>, key = team.owner.key) {
  const response = await rawRequest(
    "POST",
    "/api/mcp",
    { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  );
  expect(response.status).toBe(200);
  return JSON.parse(response.text).result as { isError?: boolean; structuredContent?: any; content: { text: string }[] };
}

describe("PUT and GET /api/snaps/:id/range", () => {
  it("writes a table as one change (titles onto corners, new cards into empty cells, null left alone) and reads it back", async () => {
    // Row 0: "card 0" at col 0, a 2 × 2 card at col 1; row 1, col 0 empty.
    const snap = await insertSnap(team.owner, { cards: 1 });
    const wide = newId();
    await sql().query(`INSERT INTO "Card" (id, "snapId", row, col, "rowSpan", "colSpan", title) VALUES ($1, $2, 0, 1, 2, 2, 'wide')`, [wide, snap.id]);
    const [version, history] = [await versionOf(snap.id), await historyCount(snap.id)];

    const written = await write(snap.id, {
      row: 0,
      col: 0,
      values: [
        ["Name", "Owner", null, "Due"],
        ["Design", null, null, "Mon"],
        ["Build", "Ana"],
      ],
    });
    expect(written.status).toBe(200);
    expect(written.body.version).toBe(version + 1);
    expect(written.body.updated.map((card: { id: string; title: string }) => [card.id, card.title])).toEqual([
      [snap.cardIds[0], "Name"],
      [wide, "Owner"],
    ]);
    expect(written.body.created.map((card: { row: number; col: number; title: string }) => [card.row, card.col, card.title])).toEqual([
      [0, 3, "Due"],
      [1, 0, "Design"],
      [1, 3, "Mon"],
      [2, 0, "Build"],
      [2, 1, "Ana"],
    ]);
    expectCard(written.body.created[0], { snapId: snap.id, row: 0, col: 3, title: "Due" });
    expect(written.body.deleted).toEqual([]);
    expect(await historyCount(snap.id)).toBe(history + 1);

    const table = await read(snap.id, "row=0&col=0&rows=4&cols=5");
    expect(table.status).toBe(200);
    expect(table.body).toEqual({
      values: [
        ["Name", "Owner", null, "Due", null],
        ["Design", null, null, "Mon", null],
        ["Build", "Ana", null, null, null],
        [null, null, null, null, null],
      ],
    });
    expect((await read(snap.id, "row=1&col=3&rows=1&cols=1")).body).toEqual({ values: [["Mon"]] });

    // The same write again changes nothing: no new version.
    const again = await write(snap.id, { row: 0, col: 0, values: [["Name", "Owner"]] });
    expect(again.body).toEqual({ version: version + 1, created: [], updated: [], deleted: [], overwritten: [], missing: [] });
    expect(await versionOf(snap.id)).toBe(version + 1);
  });

  it("refuses a cell a larger card covers (409 naming it), a table past the grid, over 5,000 cells or a bad query (400), writing nothing", async () => {
    const snap = await insertSnap(team.owner, { cards: 0 });
    const wide = newId();
    await sql().query(`INSERT INTO "Card" (id, "snapId", row, col, "rowSpan", "colSpan") VALUES ($1, $2, 2, 2, 2, 2)`, [wide, snap.id]);
    const version = await versionOf(snap.id);

    const covered = await write(snap.id, {
      row: 1,
      col: 1,
      values: [
        ["a", "b"],
        ["c", "d", "e"],
      ],
    });
    expectError(covered, 409, "CONFLICT", ["values.1.2"]);
    expect(covered.body.error.message).toContain(wide);
    expectError(await write(snap.id, { row: 998, col: 0, values: [["a"], ["b"], ["c"]] }), 400, "BAD_REQUEST", ["values.2"]);
    expectError(await write(snap.id, { row: 0, col: 998, values: [["a"], ["b", "c", "d"]] }), 400, "BAD_REQUEST", ["values.1.2"]);
    const tooMany = Array.from({ length: 51 }, () => Array<string>(100).fill("x"));
    expectError(await write(snap.id, { row: 0, col: 0, values: tooMany }), 400, "BAD_REQUEST", ["values"]);
    expectError(await write(snap.id, { row: 0, col: 0, values: [] }), 400, "BAD_REQUEST", ["values"]);
    expectError(await write(snap.id, { row: 0, col: 0, values: [[1]] }), 400, "BAD_REQUEST", ["values.0.0"]);
    expectError(await write(snap.id, { row: 0, col: 0, values: [["a"]], baseVersion: version + 1 }), 412, "PRECONDITION_FAILED", ["baseVersion"]);
    expect(await versionOf(snap.id)).toBe(version);
    expect(await countCards(snap.id)).toBe(1);

    expectError(await read(snap.id, "row=0&col=0&rows=101&cols=100"), 400, "BAD_REQUEST", ["rows"]);
    expectError(await read(snap.id, "row=995&col=0&rows=10&cols=1"), 400, "BAD_REQUEST", ["rows"]);
    expectError(await read(snap.id, "row=0&col=x&rows=1&cols=1"), 400, "BAD_REQUEST", ["col"]);
    expectError(await read(snap.id, "row=0&col=0&rows=1"), 400, "BAD_REQUEST", ["cols"]);
    expect((await read(snap.id, "row=2&col=2&rows=2&cols=2")).body).toEqual({
      values: [
        ["", null],
        [null, null],
      ],
    });
  });

  it("writes 2,000 cells (a 50 × 40 paste) into an empty board and reads them back", async () => {
    const snap = await insertSnap(team.owner, { cards: 0 });
    const values = Array.from({ length: 50 }, (_, r) => Array.from({ length: 40 }, (_, c) => `${r}·${c}`));
    const written = await write(snap.id, { row: 10, col: 5, values });
    expect(written.status).toBe(200);
    expect(written.body.created).toHaveLength(2_000);
    expect(await countCards(snap.id)).toBe(2_000);
    expect((await read(snap.id, "row=10&col=5&rows=50&cols=40")).body.values).toEqual(values);
  });

  it("reads with read access (a read-only key, a view-only member) and writes only with edit access", async () => {
    const snap = await insertSnap(team.owner, { cards: 1, sharedWithWorkspace: true, shareMode: "view" });
    const readKey = (await api("POST", "/api/keys", { cookie: team.owner.cookie, body: { name: "read", access: "read" } })).body.apiKey.key;
    for (const key of [readKey, team.member.key]) {
      expect((await read(snap.id, "row=0&col=0&rows=1&cols=1", key)).body).toEqual({ values: [["card 0"]] });
      expectError(await write(snap.id, { row: 0, col: 0, values: [["x"]] }, key), 403, "FORBIDDEN");
    }
    expectError(await read(snap.id, "row=0&col=0&rows=1&cols=1", team.outsider.key), 403, "FORBIDDEN");
    expectError(await write(snap.id, { row: 0, col: 0, values: [["x"]] }, team.outsider.key), 403, "FORBIDDEN");
    expectError(await read(newId(), "row=0&col=0&rows=1&cols=1"), 404, "NOT_FOUND");
    expect((await read(snap.id, "row=0&col=0&rows=1&cols=1")).body).toEqual({ values: [["card 0"]] });
  });
});

describe("MCP tools apply_changes, write_range, read_range", () => {
  it("do what the routes do, refuse what they refuse, and a read-only key gets read_range alone", async () => {
    const snap = await insertSnap(team.owner, { cards: 2 });
    const version = await versionOf(snap.id);

    const applied = await mcpCall("apply_changes", {
      id: snap.id,
      update: [
        { id: snap.cardIds[0], col: 1 },
        { id: snap.cardIds[1], col: 0 },
      ],
      baseVersion: version,
    });
    expect(applied.isError).toBeFalsy();
    expect(applied.structuredContent).toMatchObject({ version: version + 1, deleted: [] });
    const stale = await mcpCall("apply_changes", { id: snap.id, delete: [snap.cardIds[0]], baseVersion: version });
    expect(stale.isError).toBe(true);
    const tooMany = await mcpCall("apply_changes", {
      id: snap.id,
      create: Array.from({ length: 2_501 }, (_, i) => ({ row: 1 + Math.floor(i / 100), col: i % 100 })),
      delete: Array.from({ length: 2_500 }, newId),
    });
    expect(tooMany.isError).toBe(true);
    expect(tooMany.content[0]!.text).toContain("5,000");

    const written = await mcpCall("write_range", { id: snap.id, row: 1, col: 0, values: [["x", "y"]] });
    expect(written.structuredContent.created).toHaveLength(2);
    const table = await mcpCall("read_range", { id: snap.id, row: 0, col: 0, rows: 2, cols: 2 });
    expect(table.structuredContent).toEqual({
      values: [
        ["card 1", "card 0"],
        ["x", "y"],
      ],
    });
    expect((await mcpCall("read_range", { id: snap.id, row: 0, col: 0, rows: 200, cols: 100 })).isError).toBe(true);
    expect(await countCards(snap.id)).toBe(4);

    const readKey = (await api("POST", "/api/keys", { cookie: team.owner.cookie, body: { name: "agent", access: "read" } })).body.apiKey.key;
    expect((await mcpCall("read_range", { id: snap.id, row: 0, col: 0, rows: 1, cols: 1 }, readKey)).structuredContent).toEqual({ values: [["card 1"]] });
    expect((await mcpCall("write_range", { id: snap.id, row: 0, col: 0, values: [["no"]] }, readKey)).isError).toBe(true);
    expect((await mcpCall("apply_changes", { id: snap.id, delete: [snap.cardIds[0]] }, readKey)).isError).toBe(true);
    expect(await countCards(snap.id)).toBe(4);
  });
});
