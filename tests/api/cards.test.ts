import { beforeAll, describe, expect, it } from "vitest";
import { api, type ApiResponse, type Caller } from "./helpers";
import { createTeam, sql, type Team, type TeamMember } from "./fixtures";
import { CARD_DEFAULTS, callerOf, countCards, expectCard, expectError, insertSnap, newId, snapUpdatedAt, storedCards, type SnapFixture } from "./card-fixtures";

let team: Team;
/** Owned by team.owner: private, shared with the workspace read-only, shared for editing. */
let privateSnap: SnapFixture;
let viewSnap: SnapFixture;
let editSnap: SnapFixture;

beforeAll(async () => {
  team = await createTeam();
  [privateSnap, viewSnap, editSnap] = await Promise.all([
    insertSnap(team.owner, { cards: 3 }),
    insertSnap(team.owner, { cards: 3, sharedWithWorkspace: true, shareMode: "view" }),
    insertSnap(team.owner, { cards: 3, sharedWithWorkspace: true, shareMode: "edit" }),
  ]);
});

describe("POST /api/snaps/cards/:id (id = snap id)", () => {
  it("creates a card with the create defaults: 201 {card} with exactly the card's fields", async () => {
    const before = await snapUpdatedAt(privateSnap.id);
    const response = await api("POST", `/api/snaps/cards/${privateSnap.id}`, { key: team.owner.key, body: { row: 2, col: 3 } });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(["card"]);
    expectCard(response.body.card, { snapId: privateSnap.id, row: 2, col: 3 });

    const stored = (await storedCards([response.body.card.id])).get(response.body.card.id);
    expect(stored).toEqual(response.body.card);
    expect(await snapUpdatedAt(privateSnap.id)).toBeGreaterThan(before);
  });

  it("takes every card field, and snapId when it equals the path's", async () => {
    const fields = {
      snapId: privateSnap.id,
      title: "Ship it",
      row: 0,
      col: 999,
      rowSpan: 2,
      colSpan: 100,
      color: "#1e293b",
      cellType: "todo",
      completed: true,
      note: "before Friday",
      textAlign: "center",
      verticalAlign: "bottom",
      fontSize: "text-2xl",
      bold: true,
      italic: true,
      underline: true,
      borderRadius: 24,
      borderSize: 8,
      cellOpacity: 0,
    };
    const response = await api("POST", `/api/snaps/cards/${privateSnap.id}`, { cookie: team.owner.cookie, body: fields });
    expect(response.status).toBe(201);
    expectCard(response.body.card, fields);
  });

  it("accepts an open-ended cellType and the empty color", async () => {
    const response = await api("POST", `/api/snaps/cards/${privateSnap.id}`, {
      key: team.owner.key,
      body: { row: 1, col: 1, cellType: "kanban_lane-2", color: "", title: "x".repeat(10_000) },
    });
    expect(response.status).toBe(201);
    expectCard(response.body.card, { snapId: privateSnap.id, row: 1, col: 1, cellType: "kanban_lane-2", title: "x".repeat(10_000) });
  });

  const invalid: [string, unknown, string][] = [
    ["row missing", { col: 0 }, "row"],
    ["col missing", { row: 0 }, "col"],
    ["row as a string", { row: "1", col: 0 }, "row"],
    ["title as a number", { row: 0, col: 0, title: 5 }, "title"],
    ["completed as a string", { row: 0, col: 0, completed: "yes" }, "completed"],
    ["bold as null", { row: 0, col: 0, bold: null }, "bold"],
    ["unknown cellType characters", { row: 0, col: 0, cellType: "To-do!" }, "cellType"],
    ["an upper-case cellType", { row: 0, col: 0, cellType: "Todo" }, "cellType"],
    ["borderRadius 25", { row: 0, col: 0, borderRadius: 25 }, "borderRadius"],
    ["borderRadius -1", { row: 0, col: 0, borderRadius: -1 }, "borderRadius"],
    ["borderSize 9", { row: 0, col: 0, borderSize: 9 }, "borderSize"],
    ["cellOpacity 101", { row: 0, col: 0, cellOpacity: 101 }, "cellOpacity"],
    ["cellOpacity -1", { row: 0, col: 0, cellOpacity: -1 }, "cellOpacity"],
    ["a non-integer cellOpacity", { row: 0, col: 0, cellOpacity: 50.5 }, "cellOpacity"],
    ["a non-integer row", { row: 1.5, col: 0 }, "row"],
    ["row 1000", { row: 1000, col: 0 }, "row"],
    ["rowSpan 0", { row: 0, col: 0, rowSpan: 0 }, "rowSpan"],
    ["colSpan 101", { row: 0, col: 0, colSpan: 101 }, "colSpan"],
    ["a named color", { row: 0, col: 0, color: "red" }, "color"],
    ["a 4-digit hex color", { row: 0, col: 0, color: "#1234" }, "color"],
    ["an unknown fontSize", { row: 0, col: 0, fontSize: "text-huge" }, "fontSize"],
    ["a pixel fontSize", { row: 0, col: 0, fontSize: "14px" }, "fontSize"],
    ["an unknown textAlign", { row: 0, col: 0, textAlign: "justify" }, "textAlign"],
    ["an unknown verticalAlign", { row: 0, col: 0, verticalAlign: "center" }, "verticalAlign"],
    ["a title over 10,000 characters", { row: 0, col: 0, title: "x".repeat(10_001) }, "title"],
    ["an unknown field", { row: 0, col: 0, priority: "high" }, "(body)"],
    ["an id", { row: 0, col: 0, id: "mine" }, "(body)"],
    ["snapId of another snap", { row: 0, col: 0, snapId: "some-other-snap" }, "snapId"],
    ["an array body", [{ row: 0, col: 0 }], "(body)"],
    ["a string body", "row=0", "(body)"],
    ["a null body", null, "(body)"],
  ];
  it.each(invalid)("refuses %s: 400 naming the field, nothing written", async (_label, body, path) => {
    const before = await countCards(privateSnap.id);
    const response = await api("POST", `/api/snaps/cards/${privateSnap.id}`, { key: team.owner.key, body });
    expectError(response, 400, "BAD_REQUEST");
    expect(response.body.error.details[0].path).toBe(path);
    expect(await countCards(privateSnap.id)).toBe(before);
  });

  it("refuses malformed JSON (400) and a non-JSON content type (415)", async () => {
    const malformed = await api("POST", `/api/snaps/cards/${privateSnap.id}`, {
      key: team.owner.key,
      rawBody: '{"row": 0, "col":',
      headers: { "content-type": "application/json" },
    });
    expectError(malformed, 400, "BAD_REQUEST", ["(body)"]);
    const form = await api("POST", `/api/snaps/cards/${privateSnap.id}`, {
      key: team.owner.key,
      rawBody: "row=0&col=0",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectError(form, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("401 without or with a bad key; 404 for an unknown snap", async () => {
    expectError(await api("POST", `/api/snaps/cards/${privateSnap.id}`, { body: { row: 0, col: 0 } }), 401, "UNAUTHORIZED");
    expectError(await api("POST", `/api/snaps/cards/${privateSnap.id}`, { key: "service_sk_nope", body: { row: 0, col: 0 } }), 401, "UNAUTHORIZED");
    expectError(await api("POST", `/api/snaps/cards/${newId()}`, { key: team.owner.key, body: { row: 0, col: 0 } }), 404, "NOT_FOUND");
  });
});

describe("PATCH /api/snaps/cards/:id", () => {
  it("changes only the fields sent: 200 {card}", async () => {
    const snap = await insertSnap(team.owner, { cards: 2 });
    const [cardId, otherId] = snap.cardIds as [string, string];
    const before = await snapUpdatedAt(snap.id);
    const response = await api("PATCH", `/api/snaps/cards/${cardId}`, {
      key: team.owner.key,
      body: { title: "Moved", col: 5, completed: true, textAlign: "right", fontSize: "text-xs", borderRadius: 0, color: "#abc" },
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(["card"]);
    expectCard(response.body.card, {
      id: cardId,
      snapId: snap.id,
      row: 0,
      title: "Moved",
      col: 5,
      completed: true,
      textAlign: "right",
      fontSize: "text-xs",
      borderRadius: 0,
      color: "#abc",
    });
    const stored = await storedCards([cardId, otherId]);
    expect(stored.get(cardId)).toEqual(response.body.card);
    expect(stored.get(otherId)).toEqual({ id: otherId, snapId: snap.id, ...CARD_DEFAULTS, row: 0, col: 1, title: "card 1" });
    expect(await snapUpdatedAt(snap.id)).toBeGreaterThan(before);
  });

  it("accepts an empty body and returns the card unchanged", async () => {
    const cardId = privateSnap.cardIds[2]!;
    const before = (await storedCards([cardId])).get(cardId);
    const response = await api("PATCH", `/api/snaps/cards/${cardId}`, { key: team.owner.key, body: {} });
    expect(response).toMatchObject({ status: 200, body: { card: before } });
  });

  const invalid: [string, unknown, string][] = [
    ["title as a number", { title: 1 }, "title"],
    ["col as a string", { col: "2" }, "col"],
    ["completed as a number", { completed: 1 }, "completed"],
    ["unknown cellType characters", { cellType: "todo list" }, "cellType"],
    ["borderRadius 25", { borderRadius: 25 }, "borderRadius"],
    ["borderSize 9", { borderSize: 9 }, "borderSize"],
    ["cellOpacity 101", { cellOpacity: 101 }, "cellOpacity"],
    ["cellOpacity -1", { cellOpacity: -1 }, "cellOpacity"],
    ["a non-integer borderSize", { borderSize: 2.5 }, "borderSize"],
    ["a bad color", { color: "#ggg" }, "color"],
    ["a bad fontSize", { fontSize: "large" }, "fontSize"],
    ["an unknown field", { archived: true }, "(body)"],
    ["snapId (cards do not move between snaps)", { snapId: "another-snap" }, "(body)"],
    ["id", { id: "other" }, "(body)"],
    ["an array body", [], "(body)"],
    ["a number body", 42, "(body)"],
  ];
  it.each(invalid)("refuses %s: 400 naming the field, card unchanged", async (_label, body, path) => {
    const cardId = privateSnap.cardIds[0]!;
    const before = (await storedCards([cardId])).get(cardId);
    const response = await api("PATCH", `/api/snaps/cards/${cardId}`, { key: team.owner.key, body });
    expectError(response, 400, "BAD_REQUEST");
    expect(response.body.error.details[0].path).toBe(path);
    expect((await storedCards([cardId])).get(cardId)).toEqual(before);
  });

  it("refuses malformed JSON; 401 without credentials; 404 for an unknown card", async () => {
    const cardId = privateSnap.cardIds[0]!;
    const malformed = await api("PATCH", `/api/snaps/cards/${cardId}`, {
      key: team.owner.key,
      rawBody: "{title:",
      headers: { "content-type": "application/json" },
    });
    expectError(malformed, 400, "BAD_REQUEST", ["(body)"]);
    expectError(await api("PATCH", `/api/snaps/cards/${cardId}`, { body: { title: "x" } }), 401, "UNAUTHORIZED");
    expectError(await api("PATCH", `/api/snaps/cards/${newId()}`, { key: team.owner.key, body: { title: "x" } }), 404, "NOT_FOUND");
  });
});

describe("DELETE /api/snaps/cards/:id", () => {
  it("deletes the card and the lines touching it: 200 {success: true}", async () => {
    const snap = await insertSnap(team.owner, { cards: 3 });
    const [a, b, c] = snap.cardIds as [string, string, string];
    const lineAB = newId();
    const lineBC = newId();
    await sql().query(`INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId") VALUES ($1, $3, $4, $5), ($2, $3, $5, $6)`, [
      lineAB,
      lineBC,
      snap.id,
      a,
      b,
      c,
    ]);
    const before = await snapUpdatedAt(snap.id);

    const response = await api("DELETE", `/api/snaps/cards/${a}`, { key: team.owner.key });
    expect(response).toMatchObject({ status: 200, body: { success: true } });
    expect(response.body).toEqual({ success: true });
    expect([...(await storedCards(snap.cardIds)).keys()].sort()).toEqual([b, c].sort());
    const { rows } = await sql().query(`SELECT id FROM "Line" WHERE "snapId" = $1`, [snap.id]);
    expect(rows).toEqual([{ id: lineBC }]);
    expect(await snapUpdatedAt(snap.id)).toBeGreaterThan(before);

    expectError(await api("DELETE", `/api/snaps/cards/${a}`, { key: team.owner.key }), 404, "NOT_FOUND");
  });

  it("401 without credentials; 404 for an unknown card", async () => {
    expectError(await api("DELETE", `/api/snaps/cards/${privateSnap.cardIds[0]}`, {}), 401, "UNAUTHORIZED");
    expectError(await api("DELETE", `/api/snaps/cards/${newId()}`, { key: team.owner.key }), 404, "NOT_FOUND");
  });
});

describe("/api/snaps/cards/batch is a fixed path, not a card id", () => {
  it.each(["GET", "DELETE", "PUT"])("%s answers 405 with the error body", async (method) => {
    const response = await api(method, "/api/snaps/cards/batch", { key: team.owner.key });
    expectError(response, 405, "METHOD_NOT_ALLOWED");
    expect(response.headers.get("allow")).toBe("POST, PATCH");
  });

  it("PATCH with a single-card body is read as a batch: 400 naming updates", async () => {
    const response = await api("PATCH", "/api/snaps/cards/batch", { key: team.owner.key, body: { title: "x" } });
    expectError(response, 400, "BAD_REQUEST");
    expect(response.body.error.details.map((detail: { path: string }) => detail.path)).toContain("updates");
  });
});

// The permission matrix (docs/API.md, "Permissions") on every card endpoint: who calls, on which snap, what comes back.
type SnapKind = "private" | "view" | "edit";
interface MatrixRow {
  who: string;
  caller: () => TeamMember | undefined;
  via: "key" | "cookie";
  snap: SnapKind;
  allowed: boolean | "unauthenticated";
}
const MATRIX: MatrixRow[] = [
  { who: "no credentials", caller: () => undefined, via: "key", snap: "edit", allowed: "unauthenticated" },
  { who: "a user of another workspace (key)", caller: () => team.outsider, via: "key", snap: "edit", allowed: false },
  { who: "a user of another workspace (cookie)", caller: () => team.outsider, via: "cookie", snap: "edit", allowed: false },
  { who: "a member, snap shared with view", caller: () => team.member, via: "key", snap: "view", allowed: false },
  { who: "a member, snap private", caller: () => team.member, via: "cookie", snap: "private", allowed: false },
  { who: "the admin, snap private", caller: () => team.admin, via: "key", snap: "private", allowed: false },
  { who: "a member, snap shared with edit (key)", caller: () => team.member, via: "key", snap: "edit", allowed: true },
  { who: "a member, snap shared with edit (cookie)", caller: () => team.member, via: "cookie", snap: "edit", allowed: true },
  { who: "the admin, snap shared with view", caller: () => team.admin, via: "cookie", snap: "view", allowed: true },
  { who: "the owner (key)", caller: () => team.owner, via: "key", snap: "private", allowed: true },
  { who: "the owner (cookie)", caller: () => team.owner, via: "cookie", snap: "private", allowed: true },
];

function snapOf(kind: SnapKind): SnapFixture {
  return { private: privateSnap, view: viewSnap, edit: editSnap }[kind];
}

function expectRefusal(response: ApiResponse, allowed: MatrixRow["allowed"]) {
  if (allowed === "unauthenticated") expectError(response, 401, "UNAUTHORIZED");
  else expectError(response, 403, "FORBIDDEN");
}

/** A fresh card in the given snap, so that each matrix row edits or deletes its own. */
async function freshCard(snap: SnapFixture): Promise<string> {
  const id = newId();
  await sql().query(`INSERT INTO "Card" (id, "snapId", row, col, title) VALUES ($1, $2, 5, 5, 'fresh')`, [id, snap.id]);
  return id;
}

describe.each(MATRIX)("permissions: $who", ({ caller, via, snap: kind, allowed }) => {
  const call = (): Caller => callerOf(caller(), via);

  it("create card", async () => {
    const snap = snapOf(kind);
    const before = await countCards(snap.id);
    const response = await api("POST", `/api/snaps/cards/${snap.id}`, { ...call(), body: { row: 7, col: 7, title: "matrix" } });
    if (allowed === true) {
      expect(response.status).toBe(201);
      expectCard(response.body.card, { snapId: snap.id, row: 7, col: 7, title: "matrix" });
      expect(await countCards(snap.id)).toBe(before + 1);
    } else {
      expectRefusal(response, allowed);
      expect(await countCards(snap.id)).toBe(before);
    }
  });

  it("update card", async () => {
    const snap = snapOf(kind);
    const cardId = await freshCard(snap);
    const response = await api("PATCH", `/api/snaps/cards/${cardId}`, { ...call(), body: { title: "changed", bold: true } });
    const stored = (await storedCards([cardId])).get(cardId);
    if (allowed === true) {
      expect(response.status).toBe(200);
      expectCard(response.body.card, { id: cardId, snapId: snap.id, row: 5, col: 5, title: "changed", bold: true });
      expect(stored).toEqual(response.body.card);
    } else {
      expectRefusal(response, allowed);
      expect(stored).toMatchObject({ title: "fresh", bold: false });
    }
  });

  it("delete card", async () => {
    const snap = snapOf(kind);
    const cardId = await freshCard(snap);
    const response = await api("DELETE", `/api/snaps/cards/${cardId}`, call());
    const stored = await storedCards([cardId]);
    if (allowed === true) {
      expect(response).toMatchObject({ status: 200, body: { success: true } });
      expect(stored.size).toBe(0);
    } else {
      expectRefusal(response, allowed);
      expect(stored.size).toBe(1);
    }
  });

  it("batch create", async () => {
    const snap = snapOf(kind);
    const before = await countCards(snap.id);
    const cards = [0, 1, 2].map((i) => ({ snapId: snap.id, row: 8, col: i, title: `b${i}`, cellType: "todo" }));
    const response = await api("POST", "/api/snaps/cards/batch", { ...call(), body: { cards } });
    if (allowed === true) {
      expect(response.status).toBe(201);
      expect(response.body.cards).toHaveLength(3);
      response.body.cards.forEach((card: unknown, i: number) => expectCard(card, cards[i]!));
      expect(await countCards(snap.id)).toBe(before + 3);
    } else {
      expectRefusal(response, allowed);
      if (allowed === false)
        expect(response.body.error.details.map((d: { path: string }) => d.path)).toEqual(["cards.0.snapId", "cards.1.snapId", "cards.2.snapId"]);
      expect(await countCards(snap.id)).toBe(before);
    }
  });

  it("batch update", async () => {
    const snap = snapOf(kind);
    const ids = [await freshCard(snap), await freshCard(snap)];
    const response = await api("PATCH", "/api/snaps/cards/batch", { ...call(), body: { updates: ids.map((id, i) => ({ id, title: `u${i}` })) } });
    const stored = await storedCards(ids);
    if (allowed === true) {
      expect(response.status).toBe(200);
      expect(response.body.cards.map((card: { id: string; title: string }) => [card.id, card.title])).toEqual([
        [ids[0], "u0"],
        [ids[1], "u1"],
      ]);
      expect(stored.get(ids[1]!)).toEqual(response.body.cards[1]);
    } else {
      expectRefusal(response, allowed);
      expect([...stored.values()].map((card) => card.title)).toEqual(["fresh", "fresh"]);
    }
  });
});
