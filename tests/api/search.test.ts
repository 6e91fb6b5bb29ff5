/**
 * GET /api/search and the MCP tool search (docs/API.md, "Search"): every matching rule, ranking,
 * snippets, access (the workspace listing's rule), validation, hostile text and cursors.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, type Caller } from "./helpers";
import { createTeam, sql, type Team, type TeamMember } from "./fixtures";
import { expectError, newId } from "./card-fixtures";

const RESULT_KEYS = ["card", "comment", "highlights", "score", "snap", "snippet", "title", "type"];
const at = (minute: number) => new Date(Date.UTC(2026, 0, 2, 10, minute)).toISOString();

interface Result {
  type: string;
  snap: { id: string; title: string };
  card: { id: string; row: number; col: number; cellType: string } | null;
  comment: { id: string; cardId: string | null } | null;
  title: string;
  snippet: string;
  highlights: [number, number][];
  score: number;
}
interface Page {
  results: Result[];
  nextCursor: string | null;
  hasMore: boolean;
}

async function insertSnap(owner: TeamMember, fields: { title: string; subtitle?: string; shared?: boolean; minute?: number }): Promise<string> {
  const id = newId();
  await sql().query(
    `INSERT INTO "Snap" (id, "userId", "workspaceId", title, subtitle, "sharedWithWorkspace", "updatedAt")
     SELECT $1, $2, "workspaceId", $3, $4, $5, $6 FROM "Membership" WHERE "userId" = $2`,
    [id, owner.id, fields.title, fields.subtitle ?? null, fields.shared ?? false, at(fields.minute ?? 0)],
  );
  return id;
}

let nextCell = 0;
async function insertCard(snapId: string, fields: { title?: string; note?: string; minute?: number }): Promise<string> {
  const id = newId();
  const cell = nextCell++;
  await sql().query(`INSERT INTO "Card" (id, "snapId", row, col, title, note, "updatedAt") VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    id,
    snapId,
    Math.floor(cell / 10),
    cell % 10,
    fields.title ?? "",
    fields.note ?? "",
    at(fields.minute ?? 0),
  ]);
  return id;
}

function search(caller: Caller, params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return api<Page>("GET", `/api/search?${query}`, caller);
}

/** The ids of the results of one search (the first page, up to 50), in order. */
async function ids(caller: Caller, q: string, extra: Record<string, string | number> = {}): Promise<string[]> {
  const response = await search(caller, { q, limit: 50, ...extra });
  expect(response.status).toBe(200);
  return response.body.results.map((result) => result.card?.id ?? result.comment?.id ?? result.snap.id);
}

let team: Team;
let owner: Caller;
let member: Caller;
let outsider: Caller;
/** The owner's private board, a board shared with the workspace, and the outsider's board. */
let privateSnap: string;
let sharedSnap: string;
let outsiderSnap: string;
const card: Record<string, string> = {};
/** How a result names the owner of a snap: their name, else their email's part before the @. */
let ownerName: string;

beforeAll(async () => {
  team = await createTeam();
  [owner, member, outsider] = [{ key: team.owner.key }, { key: team.member.key }, { key: team.outsider.key }];
  ownerName = (await sql().query(`SELECT coalesce(nullif(name, ''), split_part(email, '@', 1)) AS name FROM "User" WHERE id = $1`, [team.owner.id])).rows[0]
    .name;
  privateSnap = await insertSnap(team.owner, { title: "Kitchen plans", subtitle: "Menus and suppliers", minute: 1 });
  sharedSnap = await insertSnap(team.owner, { title: "Roadmap 2027", subtitle: "What the team ships", shared: true, minute: 2 });
  outsiderSnap = await insertSnap(team.outsider, { title: "Roadmap of another company", minute: 3 });
  card.cafe = await insertCard(privateSnap, { title: "Launch the Café menu", note: "after the tasting week", minute: 10 });
  card.creme = await insertCard(privateSnap, { title: "Dessert", note: "Crème brûlée for the spring menu", minute: 11 });
  card.fox = await insertCard(privateSnap, { title: "the quick fox", minute: 12 });
  card.brownFox = await insertCard(privateSnap, { title: "the quick brown fox", minute: 13 });
  card.roadmapNote = await insertCard(sharedSnap, { title: "Hiring", note: "see the roadmap draft", minute: 20 });
  card.sharedTitle = await insertCard(sharedSnap, { title: "Beta roadmap review", minute: 5 });
  card.outsider = await insertCard(outsiderSnap, { title: "Roadmap secrets Café", minute: 30 });
});

describe("GET /api/search: matching", () => {
  it("finds a card by all its words in any order, with the documented result", async () => {
    const response = await search(owner, { q: "menu launch" });
    expect(response.status).toBe(200);
    expect(response.body.hasMore).toBe(false);
    expect(response.body.nextCursor).toBeNull();
    const [result] = response.body.results;
    expect(Object.keys(result!).sort()).toEqual(RESULT_KEYS);
    expect(result).toEqual({
      type: "card",
      snap: { id: privateSnap, title: "Kitchen plans", folder: null, owner: ownerName },
      card: { id: card.cafe, row: expect.any(Number), col: expect.any(Number), cellType: "normal" },
      comment: null,
      title: "Launch the Café menu",
      snippet: "Launch the Café menu",
      highlights: [
        [0, 6],
        [16, 20],
      ],
      score: 1,
    });
  });

  it("needs every word: one missing finds nothing", async () => {
    expect(await ids(owner, "launch menu pizza")).toEqual([]);
  });

  it("matches the last word as a prefix, the others as whole words", async () => {
    expect(await ids(owner, "dess")).toEqual([card.creme]);
    expect(await ids(owner, "spring brû")).toEqual([card.creme]);
    expect(await ids(owner, "dess spring")).toEqual([]);
    // A last word followed by punctuation was typed to its end.
    expect(await ids(owner, "dess.")).toEqual([]);
  });

  it("ignores case and accents both ways", async () => {
    expect(await ids(owner, "CAFE")).toEqual([card.cafe]);
    expect(await ids(owner, "creme BRULEE")).toEqual([card.creme]);
    await insertCard(privateSnap, { title: "resume", note: "plain ascii", minute: 14 });
    expect(await ids(owner, "résumé ascii")).toHaveLength(1);
  });

  it('matches "a quoted phrase" as a phrase, and unquoted words anywhere', async () => {
    expect(await ids(owner, '"quick fox"')).toEqual([card.fox]);
    expect(new Set(await ids(owner, "quick fox"))).toEqual(new Set([card.fox, card.brownFox]));
    expect(await ids(owner, '"fox quick"')).toEqual([]);
  });

  it('excludes -word and -"a phrase"', async () => {
    expect(await ids(owner, "quick fox -brown")).toEqual([card.fox]);
    expect(await ids(owner, 'fox -"quick fox"')).toEqual([card.brownFox]);
    // Only excluded words: nothing to look for.
    expect(await ids(owner, "-fox")).toEqual([]);
  });

  it("searches snap titles and subtitles and card titles and notes", async () => {
    expect(await ids(owner, "kitchen")).toEqual([privateSnap]);
    expect(await ids(owner, "suppliers")).toEqual([privateSnap]);
    expect(await ids(owner, "tasting")).toEqual([card.cafe]);
    expect(await ids(owner, "hiring")).toEqual([card.roadmapNote]);
  });

  it("treats operators and punctuation as text", async () => {
    for (const q of ["launch & menu", "launch | menu", "!launch menu", "launch:* menu", "(launch) menu", "launch\\ menu", "launch' menu'", 'launch "menu']) {
      expect(await ids(owner, q), q).toEqual([card.cafe]);
    }
    expect(await ids(owner, "&&& ||| :*")).toEqual([]);
  });

  it("narrows by types and snapId", async () => {
    expect(await ids(owner, "roadmap", { types: "snap" })).toEqual([sharedSnap]);
    expect(new Set(await ids(owner, "roadmap", { types: "card" }))).toEqual(new Set([card.roadmapNote, card.sharedTitle]));
    expect(await ids(owner, "roadmap", { types: "comment" })).toEqual([]);
    expect(await ids(owner, "menu", { snapId: sharedSnap })).toEqual([]);
    // "menu" as the last word is also a prefix: the snap's subtitle "Menus and suppliers" matches.
    expect(new Set(await ids(owner, "menu", { snapId: privateSnap, types: "card,snap" }))).toEqual(new Set([privateSnap, card.cafe, card.creme]));
  });
});

describe("GET /api/search: comments", () => {
  async function insertComment(author: TeamMember, snapId: string, cardId: string | null, body: string, deleted = false): Promise<string> {
    const id = newId();
    await sql().query(`INSERT INTO "Comment" (id, "snapId", "cardId", "authorId", body, deleted) VALUES ($1, $2, $3, $4, $5, $6)`, [
      id,
      snapId,
      cardId,
      author.id,
      body,
      deleted,
    ]);
    return id;
  }

  it("finds comment bodies on cards and boards the caller can read, titled by their author, never a deleted one", async () => {
    const onCard = await insertComment(team.owner, sharedSnap, card.sharedTitle!, "The budget spreadsheet needs a second look");
    const onBoard = await insertComment(team.owner, sharedSnap, null, "Budget approved by finance");
    await insertComment(team.owner, sharedSnap, null, "budget draft, withdrawn", true);
    await insertComment(team.owner, privateSnap, null, "budget of the private kitchen");
    await insertComment(team.outsider, outsiderSnap, null, "budget of another company");

    const response = await search(member, { q: "budget", types: "comment" });
    expect(response.status).toBe(200);
    const results = response.body.results;
    expect(new Set(results.map((result) => result.comment?.id))).toEqual(new Set([onCard, onBoard]));
    const cardResult = results.find((result) => result.comment?.id === onCard)!;
    expect(cardResult).toMatchObject({ type: "comment", snap: { id: sharedSnap }, comment: { id: onCard, cardId: card.sharedTitle } });
    expect(cardResult.card?.id).toBe(card.sharedTitle);
    const { rows } = await sql().query<{ name: string }>(`SELECT COALESCE(name, email) AS name FROM "User" WHERE id = $1`, [team.owner.id]);
    expect(cardResult.title).toBe(rows[0]!.name);
    expect(cardResult.snippet).toContain("budget spreadsheet");
    const [start, end] = cardResult.highlights[0]!;
    expect(cardResult.snippet.slice(start, end).toLowerCase()).toBe("budget");
    expect(results.find((result) => result.comment?.id === onBoard)).toMatchObject({ card: null, comment: { id: onBoard, cardId: null } });
    // The owner also finds the one on their private board; the outsider only their own.
    expect(await ids(owner, "budget", { types: "comment" })).toHaveLength(3);
    expect(await ids(outsider, "budget", { types: "comment" })).toHaveLength(1);
  });
});

describe("GET /api/search: ranking and snippets", () => {
  it("ranks title matches first, then the most recently updated", async () => {
    // Titles: the snap (minute 2) and the card "Beta roadmap review" (minute 5); the note (minute 20) last.
    expect(await ids(owner, "roadmap")).toEqual([card.sharedTitle, sharedSnap, card.roadmapNote]);
    const { body } = await search(owner, { q: "roadmap" });
    expect(body.results.map((result) => result.score)).toEqual([1, 1, 0.5]);
  });

  it("cuts a long text to 200 characters around the match, with offsets of the matched words", async () => {
    const filler = "lorem ipsum dolor sit amet ".repeat(30);
    const id = await insertCard(privateSnap, { title: "Long note", note: `${filler}the Zébra crossing is here ${filler}`, minute: 15 });
    const { body } = await search(owner, { q: "zebra cross" });
    const result = body.results.find((item) => item.card?.id === id)!;
    expect(result.snippet.length).toBeLessThanOrEqual(200);
    expect(result.snippet).toMatch(/^….*…$/);
    expect(result.highlights.map(([start, end]) => result.snippet.slice(start, end))).toEqual(["Zébra", "crossing"]);
    expect(result.score).toBe(0.5);
  });
});

describe("GET /api/search: access", () => {
  it("shows a member a shared snap's content only while it is shared, never a private one", async () => {
    expect(new Set(await ids(member, "roadmap"))).toEqual(new Set([sharedSnap, card.roadmapNote, card.sharedTitle]));
    expect(await ids(member, "cafe")).toEqual([]);
    expect(await ids(member, "kitchen")).toEqual([]);
    await sql().query(`UPDATE "Snap" SET "sharedWithWorkspace" = false WHERE id = $1`, [sharedSnap]);
    try {
      expect(await ids(member, "roadmap")).toEqual([]);
      expect(await ids({ key: team.admin.key }, "roadmap")).toEqual([]);
      expect(await ids(owner, "roadmap")).toHaveLength(3);
    } finally {
      await sql().query(`UPDATE "Snap" SET "sharedWithWorkspace" = true WHERE id = $1`, [sharedSnap]);
    }
    expect(await ids(member, "roadmap")).toHaveLength(3);
  });

  it("never shows anything of another workspace, whatever is asked", async () => {
    const seen = await ids(owner, "roadmap");
    expect(seen).not.toContain(outsiderSnap);
    expect(seen).not.toContain(card.outsider);
    expect(await ids(owner, "secrets")).toEqual([]);
    expect(await ids(owner, "roadmap", { snapId: outsiderSnap })).toEqual([]);
    // Even a snap of theirs shared with their own workspace.
    await sql().query(`UPDATE "Snap" SET "sharedWithWorkspace" = true WHERE id = $1`, [outsiderSnap]);
    expect(await ids(owner, "secrets")).toEqual([]);
    expect(await ids(outsider, "secrets")).toEqual([card.outsider]);
    expect(await ids(outsider, "kitchen")).toEqual([]);
  });

  it("answers 401 without credentials", async () => {
    expectError(await search({}, { q: "roadmap" }), 401, "UNAUTHORIZED");
  });

  it("works with the browser's session", async () => {
    expect(await ids({ cookie: team.owner.cookie }, "cafe")).toEqual([card.cafe]);
  });
});

describe("GET /api/search: validation", () => {
  it("answers 400 naming q when it is missing, empty, blank or over 200 characters", async () => {
    expectError(await api("GET", "/api/search", owner), 400, "BAD_REQUEST", ["q"]);
    for (const q of ["", "   ", "\t\n", "a".repeat(201), "é".repeat(201)]) expectError(await search(owner, { q }), 400, "BAD_REQUEST", ["q"]);
    expect((await search(owner, { q: "a".repeat(200) })).status).toBe(200);
    // Characters, not UTF-16 units: 200 emoji are 200 characters.
    expect((await search(owner, { q: "😀".repeat(200) })).status).toBe(200);
  });

  it("answers 400 for an unknown type, a bad limit or cursor", async () => {
    expectError(await search(owner, { q: "x", types: "card,board" }), 400, "BAD_REQUEST", ["types"]);
    expectError(await search(owner, { q: "x", types: "" }), 400, "BAD_REQUEST", ["types"]);
    expectError(await search(owner, { q: "x", limit: 0 }), 400, "BAD_REQUEST", ["limit"]);
    expectError(await search(owner, { q: "x", limit: 51 }), 400, "BAD_REQUEST", ["limit"]);
    expectError(await search(owner, { q: "x", cursor: "bm9wZQ" }), 400, "BAD_REQUEST", ["cursor"]);
    expectError(await search(owner, { q: "x", cursor: "not a cursor!" }), 400, "BAD_REQUEST", ["cursor"]);
  });

  it("answers 200 or 400, never 500, to generated operator and punctuation text", async () => {
    const pieces = [
      "&",
      "|",
      "!",
      ":*",
      ":",
      "*",
      "(",
      ")",
      "<->",
      "<2>",
      "\\",
      "'",
      '"',
      "“",
      "-",
      "--",
      " ",
      "\t",
      "caf",
      "é",
      "É",
      "ß",
      "😀",
      "中文",
      "\u0301",
      "\u00a0",
      "a".repeat(120),
      "roadmap",
      "%",
      "_",
      ";",
      "/*",
      '\'; DROP TABLE "Card"; --',
      "\uE000",
      "\uFFFF",
    ];
    const hostile = fc.array(fc.constantFrom(...pieces), { minLength: 0, maxLength: 12 }).map((parts) => parts.join(""));
    const samples = fc.sample(hostile, { numRuns: 120, seed: 29 });
    samples.push(...["'", '"', "!", ":*", "a:*", "(", "\\", "&|!", "'''", '"""', "-", '-"', '"-', "\u0000"]);
    for (let index = 0; index < samples.length; index += 8) {
      const statuses = await Promise.all(samples.slice(index, index + 8).map(async (q) => [q, (await search(owner, { q })).status] as const));
      for (const [q, status] of statuses) expect([200, 400], JSON.stringify(q)).toContain(status);
    }
  });
});

describe("GET /api/search: cursors", () => {
  it("pages through every result once, in order, and keeps its place when newer matches arrive", async () => {
    const snap = await insertSnap(team.owner, { title: "Paging board", minute: 0 });
    const made = [];
    for (let minute = 40; minute < 47; minute++) made.push(await insertCard(snap, { note: `pagination sample ${minute}`, minute }));
    const all = await ids(owner, "pagination");
    expect(all).toEqual([...made].reverse());

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const { status, body } = await search(owner, { q: "pagination", limit: 3, ...(cursor ? { cursor } : {}) });
      expect(status).toBe(200);
      seen.push(...body.results.map((result) => result.card!.id));
      if (page === 0) await insertCard(snap, { note: "pagination newest", minute: 59 });
      expect(body.hasMore).toBe(body.nextCursor !== null);
      if (!body.nextCursor) break;
      cursor = body.nextCursor;
    }
    expect(seen).toEqual(all);
  });
});

describe("MCP tool search", () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: "search-tests", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${team.member.key}` } } }),
    );
  });
  afterAll(async () => {
    await client?.close();
  });

  it("answers as GET /api/search does, with the same arguments", async () => {
    const rest = await search(member, { q: "roadmap", types: "card,snap", limit: 2 });
    const result = (await client.callTool({ name: "search", arguments: { q: "roadmap", types: ["card", "snap"], limit: 2 } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(rest.body);
    const next = (await client.callTool({ name: "search", arguments: { q: "roadmap", cursor: rest.body.nextCursor } })) as CallToolResult;
    expect((next.structuredContent as unknown as Page).results).toHaveLength(1);
  });

  it("refuses a blank q as the API does", async () => {
    const result = (await client.callTool({ name: "search", arguments: { q: " " } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(JSON.parse((result.content[0] as { text: string }).text).error.details[0].path).toBe("q");
  });
});
