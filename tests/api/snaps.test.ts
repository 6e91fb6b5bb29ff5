import { beforeAll, describe, expect, it } from "vitest";
import { api, type Caller } from "./helpers";
import { createTeam, sql, type Team, type TeamMember } from "./fixtures";
import { CARD_DEFAULTS, callerOf, expectCard, expectError, newId, type Who } from "./card-fixtures";

/** Every key of a single-snap response, sharedWithWorkspace included. */
const SNAP_KEYS = [
  "id",
  "title",
  "subtitle",
  "icon",
  "userId",
  "createdAt",
  "updatedAt",
  "fontFamily",
  "canvasBackgroundColor",
  "folderId",
  "isPublic",
  "shareMode",
  "shareToken",
  "sharedWithWorkspace",
  "cellSpacing",
  "rowHeights",
  "colWidths",
  "version", // extension: live updates (docs/API.md)
  "folder",
  "cards",
  "lines",
].sort();
/** The list response's cards carry exactly these. */
const LIST_CARD_KEYS = ["id", "row", "col", "rowSpan", "colSpan", "color", "cellOpacity", "borderRadius", "borderSize"].sort();
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SHARE_TOKEN = /^[A-Za-z0-9_-]{32}$/;

let team: Team;
beforeAll(async () => {
  team = await createTeam();
});

interface Sharing {
  sharedWithWorkspace?: boolean;
  shareMode?: "view" | "edit";
  isPublic?: boolean;
}

/** A snap of `owner` made over the API, with its sharing set by the owner. */
async function createSnap(owner: TeamMember, body: Record<string, unknown> = {}, sharing: Sharing = {}) {
  const created = await api("POST", "/api/snaps", { key: owner.key, body });
  expect(created.status).toBe(201);
  if (Object.keys(sharing).length === 0) return created.body.snap;
  const shared = await api("PATCH", `/api/snaps/${created.body.snap.id}`, { key: owner.key, body: sharing });
  expect(shared.status).toBe(200);
  return shared.body.snap;
}

async function countRows(table: "Snap" | "Card" | "Line", column: string, value: string): Promise<number> {
  const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "${table}" WHERE "${column}" = $1`, [value]);
  return rows[0].n;
}

async function insertFolder(member: TeamMember, name: string): Promise<string> {
  const id = newId();
  await sql().query(
    `INSERT INTO "Folder" (id, "workspaceId", "userId", name, "updatedAt")
     SELECT $1, "workspaceId", $2, $3, now() FROM "Membership" WHERE "userId" = $2`,
    [id, member.id, name],
  );
  return id;
}

function expectSnapShape(snap: Record<string, unknown>) {
  expect(Object.keys(snap).sort()).toEqual(SNAP_KEYS);
  expect(snap.createdAt).toMatch(ISO_MS);
  expect(snap.updatedAt).toMatch(ISO_MS);
}

describe("POST /api/snaps", () => {
  it("creates a 1 x 1 snap with every snap field and its defaults: 201 {snap}", async () => {
    const before = await countRows("Snap", "userId", team.owner.id);
    const response = await api("POST", "/api/snaps", { key: team.owner.key, body: {} });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(["snap"]);
    const snap = response.body.snap;
    expectSnapShape(snap);
    expect(snap).toEqual({
      id: expect.any(String),
      title: "Untitled Snap",
      subtitle: null,
      icon: null,
      userId: team.owner.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      fontFamily: "Inter",
      canvasBackgroundColor: "#f8fafc",
      folderId: null,
      isPublic: false,
      shareMode: "view",
      shareToken: null,
      sharedWithWorkspace: false,
      cellSpacing: 8,
      rowHeights: {},
      colWidths: {},
      version: 1,
      folder: null,
      cards: [expect.any(Object)],
      lines: [],
    });
    expectCard(snap.cards[0], { snapId: snap.id, row: 0, col: 0 });
    expect(await countRows("Snap", "userId", team.owner.id)).toBe(before + 1);
    const { rows } = await sql().query(`SELECT "workspaceId" FROM "Snap" WHERE id = $1`, [snap.id]);
    expect(rows[0].workspaceId).toBe(team.workspaceId);
  });

  it("takes every create field and builds rows x cols empty cards in grid order; GET returns the same", async () => {
    const body = { title: "Sprint", subtitle: "Week 12", icon: "🚀", rows: 3, cols: 4, canvasBackgroundColor: "#0f172a" };
    const response = await api("POST", "/api/snaps", { cookie: team.owner.cookie, body });
    expect(response.status).toBe(201);
    const snap = response.body.snap;
    expect(snap).toMatchObject({ title: "Sprint", subtitle: "Week 12", icon: "🚀", canvasBackgroundColor: "#0f172a" });
    expect(snap.cards.map((card: { row: number; col: number }) => [card.row, card.col])).toEqual(
      Array.from({ length: 12 }, (_, i) => [Math.floor(i / 4), i % 4]),
    );
    snap.cards.forEach((card: { row: number; col: number }) => expectCard(card, { snapId: snap.id, row: card.row, col: card.col }));
    expect(new Set(snap.cards.map((card: { id: string }) => card.id)).size).toBe(12);
    expect(await countRows("Card", "snapId", snap.id)).toBe(12);

    const read = await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key });
    expect(read).toMatchObject({ status: 200, body: { snap } });
  });

  it("builds the largest grid, 100 x 100, in one go", async () => {
    const response = await api("POST", "/api/snaps", { key: team.owner.key, body: { rows: 100, cols: 100 } });
    expect(response.status).toBe(201);
    const cards = response.body.snap.cards;
    expect(cards).toHaveLength(10_000);
    expect([cards[0].row, cards[0].col, cards[9_999].row, cards[9_999].col, cards[150].row, cards[150].col]).toEqual([0, 0, 99, 99, 1, 50]);
    expect(await countRows("Card", "snapId", response.body.snap.id)).toBe(10_000);
  });

  const invalid: [string, unknown, string][] = [
    ["a numeric title", { title: 5 }, "title"],
    ["a blank title", { title: "   " }, "title"],
    ["a 201-character title", { title: "x".repeat(201) }, "title"],
    ["a numeric subtitle", { subtitle: 1 }, "subtitle"],
    ["a null icon", { icon: null }, "icon"],
    ["a 17-character icon", { icon: "x".repeat(17) }, "icon"],
    ["rows 0", { rows: 0 }, "rows"],
    ["rows 101", { rows: 101 }, "rows"],
    ["cols 0", { cols: 0 }, "cols"],
    ["cols 101", { cols: 101 }, "cols"],
    ["fractional rows", { rows: 1.5 }, "rows"],
    ["rows as a string", { rows: "3" }, "rows"],
    ["a named color", { canvasBackgroundColor: "red" }, "canvasBackgroundColor"],
    ["a 5-digit hex color", { canvasBackgroundColor: "#12345" }, "canvasBackgroundColor"],
    ["an empty color", { canvasBackgroundColor: "" }, "canvasBackgroundColor"],
    ["an unknown field", { title: "x", priority: 1 }, "(body)"],
    ["an owner of one's choosing", { userId: "someone-else" }, "(body)"],
    ["an array body", [{ title: "x" }], "(body)"],
    ["a string body", "title", "(body)"],
    ["a null body", null, "(body)"],
  ];
  it.each(invalid)("refuses %s: 400 naming the field, nothing written", async (_label, body, path) => {
    const before = await countRows("Snap", "userId", team.owner.id);
    const response = await api("POST", "/api/snaps", { key: team.owner.key, body });
    expectError(response, 400, "BAD_REQUEST", [path]);
    expect(await countRows("Snap", "userId", team.owner.id)).toBe(before);
  });

  it("refuses malformed JSON (400), an empty body (400) and a wrong content type (415)", async () => {
    const headers = { "content-type": "application/json" };
    expectError(await api("POST", "/api/snaps", { key: team.owner.key, rawBody: '{"title": "x"', headers }), 400, "BAD_REQUEST", ["(body)"]);
    expectError(await api("POST", "/api/snaps", { key: team.owner.key, rawBody: "", headers }), 400, "BAD_REQUEST", ["(body)"]);
    const plain = await api("POST", "/api/snaps", { key: team.owner.key, rawBody: '{"title":"x"}', headers: { "content-type": "text/plain" } });
    expectError(plain, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("401 without a key, with a bad key, and for a cross-site cookie write", async () => {
    expectError(await api("POST", "/api/snaps", { body: {} }), 401, "UNAUTHORIZED");
    expectError(await api("POST", "/api/snaps", { key: "service_sk_" + "x".repeat(48), body: {} }), 401, "UNAUTHORIZED");
    const crossSite = await api("POST", "/api/snaps", { cookie: team.owner.cookie, body: {}, headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
  });
});

describe("GET /api/snaps and GET /api/snaps/:id", () => {
  it("the list carries the 9-field cards; the single snap full cards, lines and folder", async () => {
    const owner = (await createTeam()).owner;
    const folderId = await insertFolder(owner, "Plans");
    const snap = await createSnap(owner, { title: "Listed", rows: 2, cols: 2 });
    await api("PATCH", `/api/snaps/${snap.id}`, { key: owner.key, body: { folderId } });
    const [first, second] = snap.cards;
    const lineId = newId();
    await sql().query(`INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId", style) VALUES ($1, $2, $3, $4, 'dashed')`, [
      lineId,
      snap.id,
      first.id,
      second.id,
    ]);

    const list = await api("GET", "/api/snaps", { key: owner.key });
    expect(list.status).toBe(200);
    expect(list.body.snaps).toHaveLength(1);
    const listed = list.body.snaps[0];
    expect(Object.keys(listed).sort()).toEqual(SNAP_KEYS.filter((key) => key !== "lines"));
    expect(listed.folder).toEqual({ id: folderId, name: "Plans" });
    expect(listed.cards).toHaveLength(4);
    listed.cards.forEach((card: object) => expect(Object.keys(card).sort()).toEqual(LIST_CARD_KEYS));
    expect(listed.cards[0]).toEqual({
      id: first.id,
      row: 0,
      col: 0,
      rowSpan: 1,
      colSpan: 1,
      color: "",
      cellOpacity: CARD_DEFAULTS.cellOpacity,
      borderRadius: CARD_DEFAULTS.borderRadius,
      borderSize: CARD_DEFAULTS.borderSize,
    });

    const single = await api("GET", `/api/snaps/${snap.id}`, { cookie: owner.cookie });
    expect(single.status).toBe(200);
    expect(Object.keys(single.body)).toEqual(["snap"]);
    expectSnapShape(single.body.snap);
    expect(single.body.snap).toMatchObject({ id: snap.id, folderId, folder: { id: folderId, name: "Plans" } });
    single.body.snap.cards.forEach((card: { row: number; col: number }) => expectCard(card, { snapId: snap.id, row: card.row, col: card.col }));
    expect(single.body.snap.lines).toEqual([
      { id: lineId, snapId: snap.id, fromCardId: first.id, toCardId: second.id, color: "#64748b", style: "dashed", arrow: "end" },
    ]);
  });

  it("404 for a snap that does not exist, 403 for one that exists but is private, 401 without auth", async () => {
    expectError(await api("GET", `/api/snaps/${newId()}`, { key: team.owner.key }), 404, "NOT_FOUND");
    const snap = await createSnap(team.owner);
    expectError(await api("GET", `/api/snaps/${snap.id}`, { key: team.member.key }), 403, "FORBIDDEN");
    expectError(await api("GET", `/api/snaps/${snap.id}`, { key: team.outsider.key }), 403, "FORBIDDEN");
    expectError(await api("GET", `/api/snaps/${snap.id}`), 401, "UNAUTHORIZED");
  });
});

describe("PATCH /api/snaps/:id", () => {
  it("updates every content field, replaces the size maps, moves updatedAt; GET agrees", async () => {
    const snap = await createSnap(team.owner, { rows: 2, cols: 2, subtitle: "old", icon: "★" });
    await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { rowHeights: { "0": 40, "1": 60 }, colWidths: { "3": 10 } } });
    const body = {
      title: "  Renamed  ",
      subtitle: null,
      icon: null,
      fontFamily: "'Source Sans 3', sans-serif",
      canvasBackgroundColor: "#ffffffaa",
      cellSpacing: 12.5,
      rowHeights: { "1": 80 },
      colWidths: { "0": 0, "999": 2000 },
    };
    const response = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(["snap"]);
    const updated = response.body.snap;
    expectSnapShape(updated);
    expect(updated).toEqual({
      ...snap,
      ...body,
      title: "Renamed",
      updatedAt: expect.any(String),
      version: snap.version + 2, // two PATCHes since it was created
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(snap.updatedAt));
    expect((await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key })).body.snap).toEqual(updated);
  });

  it("an empty body changes nothing", async () => {
    const snap = await createSnap(team.owner);
    const response = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: {} });
    expect(response).toMatchObject({ status: 200, body: { snap } });
  });

  it("files a snap in a folder of its workspace and unfiles it with null", async () => {
    const snap = await createSnap(team.owner);
    const folderId = await insertFolder(team.admin, "Team folder");
    const filed = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { folderId } });
    expect(filed.status).toBe(200);
    expect(filed.body.snap).toMatchObject({ folderId, folder: { id: folderId, name: "Team folder" } });
    const unfiled = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { folderId: null } });
    expect(unfiled.body.snap).toMatchObject({ folderId: null, folder: null });
  });

  it("refuses a folder that does not exist (404) or belongs to another workspace (400), naming folderId", async () => {
    const snap = await createSnap(team.owner);
    expectError(await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { folderId: newId() } }), 404, "NOT_FOUND", ["folderId"]);
    const foreign = await insertFolder(team.outsider, "Not yours");
    expectError(await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { folderId: foreign } }), 400, "BAD_REQUEST", ["folderId"]);
    const { rows } = await sql().query(`SELECT "folderId" FROM "Snap" WHERE id = $1`, [snap.id]);
    expect(rows[0].folderId).toBeNull();
  });

  const invalid: [string, unknown, string][] = [
    ["a numeric title", { title: 5 }, "title"],
    ["an empty title", { title: "" }, "title"],
    ["a null title", { title: null }, "title"],
    ["a numeric icon", { icon: 1 }, "icon"],
    ["a font family with markup", { fontFamily: "<script>" }, "fontFamily"],
    ["a named color", { canvasBackgroundColor: "blue" }, "canvasBackgroundColor"],
    ["cellSpacing as a string", { cellSpacing: "8" }, "cellSpacing"],
    ["cellSpacing 65", { cellSpacing: 65 }, "cellSpacing"],
    ["a negative cellSpacing", { cellSpacing: -1 }, "cellSpacing"],
    ["a non-index rowHeights key", { rowHeights: { top: 10 } }, "rowHeights.top"],
    ["a rowHeights key past 999", { rowHeights: { "1000": 10 } }, "rowHeights.1000"],
    ["a rowHeights value of 2001", { rowHeights: { "0": 2001 } }, "rowHeights.0"],
    ["a string colWidths value", { colWidths: { "0": "wide" } }, "colWidths.0"],
    ["colWidths as an array", { colWidths: [10] }, "colWidths"],
    ["a numeric folderId", { folderId: 7 }, "folderId"],
    ["isPublic as a string", { isPublic: "yes" }, "isPublic"],
    ["an unknown shareMode", { shareMode: "owner" }, "shareMode"],
    ["sharedWithWorkspace as a number", { sharedWithWorkspace: 1 }, "sharedWithWorkspace"],
    ["an id", { id: "other" }, "(body)"],
    ["a new owner", { userId: "other" }, "(body)"],
    ["cards", { cards: [] }, "(body)"],
    ["an array body", [], "(body)"],
    ["a number body", 3, "(body)"],
  ];
  it.each(invalid)("refuses %s: 400 naming the field, nothing written", async (_label, body, path) => {
    const snap = await createSnap(team.owner);
    const response = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body });
    expectError(response, 400, "BAD_REQUEST", [path]);
    expect((await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key })).body.snap).toEqual(snap);
  });

  it("refuses malformed JSON (400) and a wrong content type (415)", async () => {
    const snap = await createSnap(team.owner);
    const headers = { "content-type": "application/json" };
    expectError(await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, rawBody: "{title:1}", headers }), 400, "BAD_REQUEST", ["(body)"]);
    const form = await api("PATCH", `/api/snaps/${snap.id}`, {
      key: team.owner.key,
      rawBody: "title=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expectError(form, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("404 for a snap that does not exist", async () => {
    expectError(await api("PATCH", `/api/snaps/${newId()}`, { key: team.owner.key, body: { title: "x" } }), 404, "NOT_FOUND");
  });
});

describe("sharing", () => {
  it("public issues an unguessable token, keeps it while public, clears it when private, and issues a new one after", async () => {
    const snap = await createSnap(team.owner);
    const published = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { isPublic: true } });
    expect(published.status).toBe(200);
    const token = published.body.snap.shareToken;
    expect(published.body.snap.isPublic).toBe(true);
    expect(token).toMatch(SHARE_TOKEN);

    const again = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { isPublic: true, title: "Still public" } });
    expect(again.body.snap).toMatchObject({ isPublic: true, shareToken: token, title: "Still public" });

    const hidden = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { isPublic: false } });
    expect(hidden.body.snap).toMatchObject({ isPublic: false, shareToken: null });
    const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "Snap" WHERE "shareToken" = $1`, [token]);
    expect(rows[0].n).toBe(0);

    const republished = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { isPublic: true } });
    expect(republished.body.snap.shareToken).toMatch(SHARE_TOKEN);
    expect(republished.body.snap.shareToken).not.toBe(token);
  });

  it("sets shareMode and sharedWithWorkspace, which decide what members may do", async () => {
    const snap = await createSnap(team.owner);
    const shared = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { sharedWithWorkspace: true, shareMode: "edit" } });
    expect(shared.body.snap).toMatchObject({ sharedWithWorkspace: true, shareMode: "edit", isPublic: false, shareToken: null });
    expect((await api("PATCH", `/api/snaps/${snap.id}`, { key: team.member.key, body: { title: "By member" } })).status).toBe(200);

    await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { shareMode: "view" } });
    expectError(await api("PATCH", `/api/snaps/${snap.id}`, { key: team.member.key, body: { title: "Again" } }), 403, "FORBIDDEN");
    expect((await api("GET", `/api/snaps/${snap.id}`, { key: team.member.key })).status).toBe(200);

    await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { sharedWithWorkspace: false } });
    expectError(await api("GET", `/api/snaps/${snap.id}`, { key: team.member.key }), 403, "FORBIDDEN");
  });
});

describe("DELETE /api/snaps/:id", () => {
  it("deletes the snap with its cards and lines: {success: true}, then 404", async () => {
    const snap = await createSnap(team.owner, { rows: 2, cols: 3 });
    await sql().query(`INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId") VALUES ($1, $2, $3, $4)`, [
      newId(),
      snap.id,
      snap.cards[0].id,
      snap.cards[1].id,
    ]);
    const response = await api("DELETE", `/api/snaps/${snap.id}`, { key: team.owner.key });
    expect(response).toMatchObject({ status: 200, body: { success: true } });
    expect(Object.keys(response.body)).toEqual(["success"]);
    expect(await countRows("Snap", "id", snap.id)).toBe(0);
    expect(await countRows("Card", "snapId", snap.id)).toBe(0);
    expect(await countRows("Line", "snapId", snap.id)).toBe(0);
    expectError(await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key }), 404, "NOT_FOUND");
    expectError(await api("DELETE", `/api/snaps/${snap.id}`, { key: team.owner.key }), 404, "NOT_FOUND");
  });
});

describe("concurrency", () => {
  it("a delete racing edits of the snap and of its cards answers only 200 or 404, never 500", async () => {
    for (let round = 0; round < 10; round++) {
      const snap = await createSnap(team.owner, { rows: 3, cols: 3 });
      const updates = snap.cards.map((card: { id: string }, i: number) => ({ id: card.id, title: `cell ${i}` }));
      const requests = [
        ...Array.from({ length: 4 }, (_, i) => api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { title: `t${i}`, isPublic: i % 2 === 0 } })),
        ...Array.from({ length: 3 }, () => api("PATCH", "/api/snaps/cards/batch", { key: team.owner.key, body: { updates } })),
        api("DELETE", `/api/snaps/${snap.id}`, { key: team.owner.key }),
        api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key }),
      ];
      const statuses = (await Promise.all(requests)).map((response) => response.status);
      expect(statuses.every((status) => status === 200 || status === 404)).toBe(true);
      expect(statuses[7]).toBe(200); // the delete itself
      expect(await countRows("Card", "snapId", snap.id)).toBe(0);
    }
  });

  it("concurrent publishes all get the same token: the row lock serializes them", async () => {
    const snap = await createSnap(team.owner);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { isPublic: true } })),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const tokens = new Set(responses.map((response) => response.body.snap.shareToken));
    expect(tokens.size).toBe(1);
  });
});

describe("permission matrix: GET, PATCH content, PATCH sharing, DELETE", () => {
  type Case = [label: string, who: Who, sharing: Sharing, get: number, edit: number, share: number, remove: number];
  const cases: Case[] = [
    ["no auth", "none", { sharedWithWorkspace: true, shareMode: "edit" }, 401, 401, 401, 401],
    ["another workspace, snap shared with the owner's", "outsider", { sharedWithWorkspace: true, shareMode: "edit" }, 403, 403, 403, 403],
    ["another workspace, snap public", "outsider", { isPublic: true }, 403, 403, 403, 403],
    ["member, snap private", "member", {}, 403, 403, 403, 403],
    ["member, snap public but not shared", "member", { isPublic: true }, 403, 403, 403, 403],
    ["member, shared with view", "member", { sharedWithWorkspace: true, shareMode: "view" }, 200, 403, 403, 403],
    ["member, shared with edit", "member", { sharedWithWorkspace: true, shareMode: "edit" }, 200, 200, 403, 403],
    ["admin, snap private", "admin", {}, 403, 403, 403, 403],
    ["admin, shared with view", "admin", { sharedWithWorkspace: true, shareMode: "view" }, 200, 200, 200, 200],
    ["owner, snap private", "owner", {}, 200, 200, 200, 200],
  ];

  function caller(who: Who, via: "key" | "cookie"): Caller {
    return callerOf(who === "none" ? undefined : team[who], via);
  }

  describe.each(["key", "cookie"] as const)("with %s", (via) => {
    it.each(cases)("%s", async (_label, who, sharing, get, edit, share, remove) => {
      const snap = await createSnap(team.owner, { title: "Matrix", rows: 1, cols: 2 }, sharing);
      const as = caller(who, via);

      const read = await api("GET", `/api/snaps/${snap.id}`, as);
      expect(read.status).toBe(get);
      if (get === 200) expect(read.body.snap).toEqual(snap);

      const edited = await api("PATCH", `/api/snaps/${snap.id}`, { ...as, body: { title: `Edited by ${who}` } });
      expect(edited.status).toBe(edit);
      const shared = await api("PATCH", `/api/snaps/${snap.id}`, { ...as, body: { shareMode: "edit", sharedWithWorkspace: true } });
      expect(shared.status).toBe(share);
      const { rows } = await sql().query(`SELECT title, "shareMode"::text AS "shareMode" FROM "Snap" WHERE id = $1`, [snap.id]);
      expect(rows[0].title).toBe(edit === 200 ? `Edited by ${who}` : "Matrix");
      expect(rows[0].shareMode).toBe(share === 200 ? "edit" : (sharing.shareMode ?? "view"));

      const deleted = await api("DELETE", `/api/snaps/${snap.id}`, as);
      expect(deleted.status).toBe(remove);
      expect(await countRows("Snap", "id", snap.id)).toBe(remove === 200 ? 0 : 1);
      if (remove === 200) expect(deleted.body).toEqual({ success: true });
      else expect(deleted.body.error.code).toBe(remove === 401 ? "UNAUTHORIZED" : "FORBIDDEN");
    });
  });

  it("an edit-level member may file the snap but not publish it", async () => {
    const snap = await createSnap(team.owner, {}, { sharedWithWorkspace: true, shareMode: "edit" });
    const folderId = await insertFolder(team.member, "Member folder");
    expect((await api("PATCH", `/api/snaps/${snap.id}`, { key: team.member.key, body: { folderId } })).status).toBe(200);
    expectError(await api("PATCH", `/api/snaps/${snap.id}`, { key: team.member.key, body: { title: "x", isPublic: true } }), 403, "FORBIDDEN");
    const { rows } = await sql().query(`SELECT title, "isPublic" FROM "Snap" WHERE id = $1`, [snap.id]);
    expect(rows[0]).toEqual({ title: "Untitled Snap", isPublic: false });
  });
});

describe("methods", () => {
  it.each([
    ["PUT", "/api/snaps"],
    ["DELETE", "/api/snaps"],
    ["POST", "/api/snaps/x"],
    ["PUT", "/api/snaps/x"],
  ])("%s %s is 405", async (method, path) => {
    const response = await api(method, path, { key: team.owner.key, body: {} });
    expect(response.status).toBe(405);
  });
});
