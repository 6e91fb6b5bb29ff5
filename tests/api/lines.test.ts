import { beforeAll, describe, expect, it } from "vitest";
import { api, type Caller } from "./helpers";
import { createTeam, sql, type Team, type TeamMember } from "./fixtures";
import { callerOf, expectError, insertSnap, newId, snapUpdatedAt, type SnapFixture } from "./card-fixtures";

let team: Team;
let snap: SnapFixture;
let otherSnap: SnapFixture;

beforeAll(async () => {
  team = await createTeam();
  [snap, otherSnap] = await Promise.all([insertSnap(team.owner, { cards: 4 }), insertSnap(team.owner, { cards: 2 })]);
});

const LINE_KEYS = ["arrow", "color", "fromCardId", "id", "snapId", "style", "toCardId"];

async function storedLine(id: string) {
  const { rows } = await sql().query(`SELECT id, "snapId", "fromCardId", "toCardId", color, style::text, arrow::text FROM "Line" WHERE id = $1`, [id]);
  return rows[0];
}

async function insertLine(target: SnapFixture, from = 0, to = 1): Promise<string> {
  const id = newId();
  await sql().query(`INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId") VALUES ($1, $2, $3, $4)`, [
    id,
    target.id,
    target.cardIds[from],
    target.cardIds[to],
  ]);
  return id;
}

describe("POST /api/snaps/:id/lines", () => {
  it("joins two cards of the snap: 201 {line} with the line's shape and defaults", async () => {
    const before = await snapUpdatedAt(snap.id);
    const [from, to] = snap.cardIds as [string, string];
    const response = await api("POST", `/api/snaps/${snap.id}/lines`, { key: team.owner.key, body: { fromCardId: from, toCardId: to } });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(["line"]);
    expect(Object.keys(response.body.line).sort()).toEqual(LINE_KEYS);
    expect(response.body.line).toEqual({
      id: expect.any(String),
      snapId: snap.id,
      fromCardId: from,
      toCardId: to,
      color: "#64748b",
      style: "solid",
      arrow: "end",
    });
    expect(await storedLine(response.body.line.id)).toEqual(response.body.line);
    expect(await snapUpdatedAt(snap.id)).toBeGreaterThan(before);
  });

  it("takes color, style and arrow", async () => {
    const body = { fromCardId: snap.cardIds[2], toCardId: snap.cardIds[3], color: "#ff000080", style: "dashed", arrow: "both" };
    const response = await api("POST", `/api/snaps/${snap.id}/lines`, { cookie: team.owner.cookie, body });
    expect(response.status).toBe(201);
    expect(response.body.line).toEqual({ id: expect.any(String), snapId: snap.id, ...body });
  });

  it("appears in GET /api/snaps/:id", async () => {
    const response = await api("POST", `/api/snaps/${snap.id}/lines`, {
      key: team.owner.key,
      body: { fromCardId: snap.cardIds[3], toCardId: snap.cardIds[0], arrow: "none" },
    });
    const read = await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key });
    expect(read.status).toBe(200);
    expect(read.body.snap.lines).toContainEqual(response.body.line);
  });

  const invalid: [string, (cards: string[], other: string[]) => unknown, string][] = [
    ["the same card twice", (c) => ({ fromCardId: c[0], toCardId: c[0] }), "toCardId"],
    ["a card of another snap", (c, o) => ({ fromCardId: c[0], toCardId: o[0] }), "toCardId"],
    ["an unknown card", (c) => ({ fromCardId: newId(), toCardId: c[1] }), "fromCardId"],
    ["toCardId missing", (c) => ({ fromCardId: c[0] }), "toCardId"],
    ["fromCardId as a number", (c) => ({ fromCardId: 1, toCardId: c[1] }), "fromCardId"],
    ["an unknown style", (c) => ({ fromCardId: c[0], toCardId: c[1], style: "dotted" }), "style"],
    ["an unknown arrow", (c) => ({ fromCardId: c[0], toCardId: c[1], arrow: "start" }), "arrow"],
    ["a bad color", (c) => ({ fromCardId: c[0], toCardId: c[1], color: "blue" }), "color"],
    ["an unknown field", (c) => ({ fromCardId: c[0], toCardId: c[1], weight: 2 }), "(body)"],
    ["an array body", (c) => [c[0], c[1]], "(body)"],
  ];
  it.each(invalid)("refuses %s: 400 naming the field, nothing written", async (_label, build, path) => {
    // The lines of the two snaps the bodies name, not of the whole database: other test files write
    // lines at the same time.
    const countLines = () => sql().query(`SELECT count(*)::int AS n FROM "Line" WHERE "snapId" = ANY($1)`, [[snap.id, otherSnap.id]]);
    const { rows: before } = await countLines();
    const response = await api("POST", `/api/snaps/${snap.id}/lines`, { key: team.owner.key, body: build(snap.cardIds, otherSnap.cardIds) });
    expectError(response, 400, "BAD_REQUEST");
    expect(response.body.error.details[0].path).toBe(path);
    const { rows: after } = await countLines();
    expect(after).toEqual(before);
  });

  it("refuses malformed JSON (400); 401 without credentials; 404 for an unknown snap", async () => {
    const malformed = await api("POST", `/api/snaps/${snap.id}/lines`, { key: team.owner.key, rawBody: "{", headers: { "content-type": "application/json" } });
    expectError(malformed, 400, "BAD_REQUEST", ["(body)"]);
    const body = { fromCardId: snap.cardIds[0], toCardId: snap.cardIds[1] };
    expectError(await api("POST", `/api/snaps/${snap.id}/lines`, { body }), 401, "UNAUTHORIZED");
    expectError(await api("POST", `/api/snaps/${newId()}/lines`, { key: team.owner.key, body }), 404, "NOT_FOUND");
  });
});

describe("PATCH /api/lines/:id", () => {
  it("restyles the line: 200 {line}", async () => {
    const id = await insertLine(snap);
    const before = await snapUpdatedAt(snap.id);
    const response = await api("PATCH", `/api/lines/${id}`, { key: team.owner.key, body: { style: "dashed", color: "#000" } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      line: { id, snapId: snap.id, fromCardId: snap.cardIds[0], toCardId: snap.cardIds[1], color: "#000", style: "dashed", arrow: "end" },
    });
    expect(await storedLine(id)).toEqual(response.body.line);
    expect(await snapUpdatedAt(snap.id)).toBeGreaterThan(before);
  });

  it.each([
    ["an unknown style", { style: "wavy" }, "style"],
    ["an unknown arrow", { arrow: 1 }, "arrow"],
    ["a bad color", { color: "" }, "color"],
    ["moving an end", { toCardId: "x" }, "(body)"],
    ["a string body", "dashed", "(body)"],
  ])("refuses %s: 400, line unchanged", async (_label, body, path) => {
    const id = await insertLine(snap);
    const before = await storedLine(id);
    const response = await api("PATCH", `/api/lines/${id}`, { key: team.owner.key, body });
    expectError(response, 400, "BAD_REQUEST");
    expect(response.body.error.details[0].path).toBe(path);
    expect(await storedLine(id)).toEqual(before);
  });

  it("401 without credentials; 404 for an unknown line", async () => {
    const id = await insertLine(snap);
    expectError(await api("PATCH", `/api/lines/${id}`, { body: { style: "dashed" } }), 401, "UNAUTHORIZED");
    expectError(await api("PATCH", `/api/lines/${newId()}`, { key: team.owner.key, body: { style: "dashed" } }), 404, "NOT_FOUND");
  });
});

describe("DELETE /api/lines/:id", () => {
  it("removes the line, not its cards: 200 {success: true}", async () => {
    const id = await insertLine(snap);
    const before = await snapUpdatedAt(snap.id);
    const response = await api("DELETE", `/api/lines/${id}`, { key: team.owner.key });
    expect(response).toMatchObject({ status: 200, body: { success: true } });
    expect(response.body).toEqual({ success: true });
    expect(await storedLine(id)).toBeUndefined();
    const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "Card" WHERE id = ANY($1)`, [snap.cardIds.slice(0, 2)]);
    expect(rows[0].n).toBe(2);
    expect(await snapUpdatedAt(snap.id)).toBeGreaterThan(before);
    expectError(await api("DELETE", `/api/lines/${id}`, { key: team.owner.key }), 404, "NOT_FOUND");
  });

  it("401 without credentials", async () => {
    expectError(await api("DELETE", `/api/lines/${await insertLine(snap)}`, {}), 401, "UNAUTHORIZED");
  });
});

describe("permissions on lines", () => {
  let snaps: Record<"private" | "view" | "edit", SnapFixture>;
  beforeAll(async () => {
    const [priv, view, edit] = await Promise.all([
      insertSnap(team.owner, { cards: 2 }),
      insertSnap(team.owner, { cards: 2, sharedWithWorkspace: true, shareMode: "view" }),
      insertSnap(team.owner, { cards: 2, sharedWithWorkspace: true, shareMode: "edit" }),
    ]);
    snaps = { private: priv!, view: view!, edit: edit! };
  });

  const matrix: [string, () => TeamMember | undefined, "key" | "cookie", "private" | "view" | "edit", number][] = [
    ["no credentials", () => undefined, "key", "edit", 401],
    ["a user of another workspace", () => team.outsider, "key", "edit", 403],
    ["a member, snap shared with view", () => team.member, "cookie", "view", 403],
    ["the admin, snap private", () => team.admin, "key", "private", 403],
    ["a member, snap shared with edit", () => team.member, "key", "edit", 200],
    ["the admin, snap shared with view", () => team.admin, "cookie", "view", 200],
    ["the owner", () => team.owner, "key", "private", 200],
  ];
  describe.each(matrix)("%s", (_who, member, via, kind, status) => {
    const call = (): Caller => callerOf(member(), via);
    const refusal = status === 401 ? "UNAUTHORIZED" : "FORBIDDEN";

    it("create, update and delete a line", async () => {
      const target = snaps[kind];
      const created = await api("POST", `/api/snaps/${target.id}/lines`, { ...call(), body: { fromCardId: target.cardIds[0], toCardId: target.cardIds[1] } });
      const existing = await insertLine(target);
      const updated = await api("PATCH", `/api/lines/${existing}`, { ...call(), body: { arrow: "both" } });
      const before = await storedLine(existing);
      if (status === 200) {
        expect(created.status).toBe(201);
        expect(updated).toMatchObject({ status: 200, body: { line: { id: existing, arrow: "both" } } });
      } else {
        expectError(created, status, refusal);
        expectError(updated, status, refusal);
        expect(before.arrow).toBe("end");
      }
      const deleted = await api("DELETE", `/api/lines/${existing}`, call());
      if (status === 200) {
        expect(deleted).toMatchObject({ status: 200, body: { success: true } });
        expect(await storedLine(existing)).toBeUndefined();
      } else {
        expectError(deleted, status, refusal);
        expect(await storedLine(existing)).toEqual(before);
      }
    });
  });
});
