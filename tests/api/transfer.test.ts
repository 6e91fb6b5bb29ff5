import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, type Caller, documentedFetch } from "./helpers";
import { createTeam, ownedRowCounts, sql, type Team } from "./fixtures";
import { expectError } from "./card-fixtures";
import { feedCaughtUp } from "./feed-caught-up";

let team: Team;
beforeAll(async () => {
  team = await createTeam();
});

const FONT_SIZES = ["text-xs", "text-sm", "text-base", "text-lg", "text-2xl", "text-5xl"] as const;
const text = (maxLength: number) => fc.string({ unit: "grapheme", maxLength }).map((value) => value.replace(/\u0000/g, ""));
const hex = fc.constantFrom("#1e293b", "#fde68a", "#10b981cc", "#abc");

/** A generated board: cards anywhere on a small grid (overlaps and spans too), lines between them. */
const documentArbitrary = fc
  .record({
    rows: fc.integer({ min: 1, max: 6 }),
    cols: fc.integer({ min: 1, max: 6 }),
    // A snap title is stored trimmed (as every API write stores it): generate titles already in that form.
    title: text(40)
      .map((value) => value.trim())
      .filter((value) => value.length > 0),
    subtitle: fc.option(text(60), { nil: null }),
    icon: fc.option(fc.constantFrom("🚀", "★", "A"), { nil: null }),
    cellSpacing: fc.constantFrom(0, 4, 8, 12.5, 64),
    canvasBackgroundColor: hex,
    fontFamily: fc.constantFrom("Inter", "Georgia, serif", "'Fira Sans', sans-serif"),
    seeds: fc.array(
      fc.record({
        row: fc.nat(),
        col: fc.nat(),
        rowSpan: fc.integer({ min: 1, max: 3 }),
        colSpan: fc.integer({ min: 1, max: 3 }),
        title: text(50),
        note: text(30),
        cellType: fc.constantFrom("normal", "todo", "status", "link", "image", "custom-type"),
        completed: fc.boolean(),
        color: fc.oneof(fc.constant(""), hex),
        textAlign: fc.constantFrom("left", "center", "right"),
        verticalAlign: fc.constantFrom("top", "middle", "bottom"),
        fontSize: fc.constantFrom(...FONT_SIZES),
        bold: fc.boolean(),
        italic: fc.boolean(),
        underline: fc.boolean(),
        borderRadius: fc.integer({ min: 0, max: 24 }),
        borderSize: fc.integer({ min: 0, max: 8 }),
        cellOpacity: fc.integer({ min: 0, max: 100 }),
        locked: fc.boolean(),
      }),
      { maxLength: 12 },
    ),
    lineSeeds: fc.array(
      fc.record({ from: fc.nat(), to: fc.nat(), color: hex, style: fc.constantFrom("solid", "dashed"), arrow: fc.constantFrom("none", "end", "both") }),
      {
        maxLength: 6,
      },
    ),
    sized: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 2000 })), { maxLength: 3 }),
  })
  .map(({ rows, cols, seeds, lineSeeds, sized, ...snap }) => {
    const cards = seeds.map((seed, index) => {
      const row = seed.row % rows;
      const col = seed.col % cols;
      return { key: `k${index}`, ...seed, row, col, rowSpan: Math.min(seed.rowSpan, rows - row), colSpan: Math.min(seed.colSpan, cols - col) };
    });
    const lines =
      cards.length < 2
        ? []
        : lineSeeds.flatMap(({ from, to, ...style }) => {
            const a = from % cards.length;
            const b = to % cards.length;
            return a === b ? [] : [{ from: cards[a]!.key, to: cards[b]!.key, ...style }];
          });
    const rowHeights = Object.fromEntries(sized.map(([track, size]) => [String(track % rows), size]));
    const colWidths = Object.fromEntries(sized.map(([track, size]) => [String(track % cols), size]));
    // The grid is exactly what the cards and sized tracks reach, as an export says it.
    const reach = (tracks: Record<string, number>, ends: number[]) => Math.max(1, ...Object.keys(tracks).map((key) => Number(key) + 1), ...ends);
    const extent = {
      rows: reach(
        rowHeights,
        cards.map((card) => card.row + card.rowSpan),
      ),
      cols: reach(
        colWidths,
        cards.map((card) => card.col + card.colSpan),
      ),
    };
    return { format: "snap-board", formatVersion: 1, snap: { ...snap, ...extent, rowHeights, colWidths }, cards, lines };
  });

type Doc = any;

/** What an export of an import of `doc` must be: cards in reading order (ties kept in document order), keys renumbered. */
function normalized(doc: Doc): Doc {
  const order = doc.cards
    .map((card: any, index: number) => ({ card, index }))
    .sort((a: any, b: any) => a.card.row - b.card.row || a.card.col - b.card.col || a.index - b.index);
  const keyOf = new Map<string, string>(order.map(({ card }: any, index: number) => [card.key, `c${index + 1}`]));
  return {
    ...doc,
    cards: order.map(({ card }: any) => ({ ...card, key: keyOf.get(card.key) })),
    lines: doc.lines.map((line: any) => ({ ...line, from: keyOf.get(line.from), to: keyOf.get(line.to) })),
  };
}

function withoutExportedAt(doc: Doc): Doc {
  const rest = { ...doc };
  delete rest.exportedAt;
  return rest;
}

async function importDoc(caller: Caller, doc: unknown, query = "") {
  return api("POST", `/api/snaps/import${query}`, { ...caller, body: doc });
}

async function exportDoc(caller: Caller, id: string) {
  const response = await api("GET", `/api/snaps/${id}/export`, caller);
  expect(response.status).toBe(200);
  return response.body;
}

/**
 * A snap whose one card has a note of `chars` characters, past the content budget: one filled before
 * there was a budget (docs/API.md, "Content budget"). Written with triggers off, then weighed as the
 * trigger would have.
 */
async function overfillSnap(snapId: string, chars: number): Promise<void> {
  const client = await sql().connect();
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL session_replication_role = replica");
    await client.query(`UPDATE "Card" SET note = repeat('n', $2::int) WHERE "snapId" = $1`, [snapId, chars]);
    await client.query(
      `UPDATE "Snap" s SET "contentBytes" = (SELECT sum(card_content_bytes(c.title, c.note, c.attachments)) FROM "Card" c WHERE c."snapId" = s.id) WHERE s.id = $1`,
      [snapId],
    );
    await client.query("COMMIT");
  } finally {
    client.release();
  }
}

describe("export and import", () => {
  it("round trip: export of an import is the document, and export → import → export is the same (but exportedAt)", async () => {
    const owner = { key: team.owner.key };
    await fc.assert(
      fc.asyncProperty(documentArbitrary, async (doc) => {
        const imported = await importDoc(owner, doc);
        expect(imported.status).toBe(201);
        const first = await exportDoc(owner, imported.body.snap.id);
        expect(withoutExportedAt(first)).toEqual(normalized(doc));
        const again = await importDoc(owner, first);
        expect(again.status).toBe(201);
        const second = await exportDoc(owner, again.body.snap.id);
        expect(withoutExportedAt(second)).toEqual(withoutExportedAt(first));
      }),
      { numRuns: 20 },
    );
    // 80 requests, some of a few hundred cards: more than the default 30 s on a loaded machine.
  }, 180_000);

  it("exports JSON as a download with no ids, owner, sharing or timestamps of the source", async () => {
    const owner = { key: team.owner.key };
    const created = await api("POST", "/api/snaps", { ...owner, body: { title: "Ünïcode / Plan: Q4!", rows: 2, cols: 2 } });
    const id = created.body.snap.id;
    const [a, b] = created.body.snap.cards;
    await api("POST", `/api/snaps/${id}/lines`, { ...owner, body: { fromCardId: a.id, toCardId: b.id, style: "dashed" } });
    await api("PATCH", `/api/snaps/${id}`, { ...owner, body: { isPublic: true, sharedWithWorkspace: true } });

    const response = await api("GET", `/api/snaps/${id}/export`, owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="unicode-plan-q4.snap.json"');
    const doc = response.body;
    expect(Object.keys(doc)).toEqual(["format", "formatVersion", "exportedAt", "snap", "cards", "lines"]);
    expect(doc.snap).toEqual({
      title: "Ünïcode / Plan: Q4!",
      subtitle: null,
      icon: null,
      rows: 2,
      cols: 2,
      fontFamily: "Inter",
      canvasBackgroundColor: "#f8fafc",
      cellSpacing: 8,
      rowHeights: {},
      colWidths: {},
    });
    expect(doc.cards.map((card: any) => card.key)).toEqual(["c1", "c2", "c3", "c4"]);
    expect(doc.lines).toEqual([{ from: "c1", to: "c2", color: "#64748b", style: "dashed", arrow: "end" }]);
    const text = JSON.stringify(doc);
    for (const secret of [id, a.id, team.owner.id, team.workspaceId]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/shareToken|isPublic|userId|createdAt|updatedAt|"id"/);
  });

  it("exports CSV (RFC 4180), SVG and PNG; an unknown format or scale is 400", async () => {
    const owner = { key: team.owner.key };
    const doc = {
      format: "snap-board",
      formatVersion: 1,
      snap: { title: "Pictures", rows: 2, cols: 2 },
      cards: [
        { key: "b", row: 1, col: 0, title: 'Say "hi", then\nleave', cellType: "todo", completed: true },
        { key: "a", row: 0, col: 0, title: "=SUM(A1:A2)", color: "#1e293b", bold: true },
        { key: "c", row: 0, col: 1, title: "<script>alert(1)</script> & more" },
      ],
      lines: [{ from: "a", to: "c", arrow: "both" }],
    };
    const { body } = await importDoc(owner, doc);
    const id = body.snap.id;

    const csv = await documentedFetch(`${baseUrl}/api/snaps/${id}/export?format=csv`, { headers: { authorization: `Bearer ${team.owner.key}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="pictures.csv"');
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe(
      "row,col,rowSpan,colSpan,title,note,cellType,completed,color,textAlign,verticalAlign,fontSize,bold,italic,underline,borderRadius,borderSize,cellOpacity,locked",
    );
    expect(lines[1]).toBe("0,0,1,1,'=SUM(A1:A2),,normal,false,#1e293b,left,top,text-sm,true,false,false,8,1,100,false");
    expect(lines[2]).toBe("0,1,1,1,<script>alert(1)</script> & more,,normal,false,,left,top,text-sm,false,false,false,8,1,100,false");
    expect(`${lines[3]}\r\n${lines[4]}`).toBe('1,0,1,1,"Say ""hi"", then\nleave",,todo,true,,left,top,text-sm,false,false,false,8,1,100,false\r\n');

    const svg = await documentedFetch(`${baseUrl}/api/snaps/${id}/export?format=svg`, { headers: { authorization: `Bearer ${team.owner.key}` } });
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    const svgText = await svg.text();
    expect(svgText).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+" height="\d+"/);
    expect(svgText).toContain("&#60;script&#62;alert(1)&#60;/scri"); // wrapped to the card's width
    expect(svgText).toContain("pt&#62; &#38; more");
    expect(svgText).not.toContain("<script");
    expect(svgText).toContain('marker-start="url(#a0)"');

    const png = await documentedFetch(`${baseUrl}/api/snaps/${id}/export?format=png&scale=2`, { headers: { authorization: `Bearer ${team.owner.key}` } });
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const width = Number(/width="(\d+)"/.exec(svgText)![1]);
    expect(bytes.readUInt32BE(16)).toBe(width * 2);

    expectError(await api("GET", `/api/snaps/${id}/export?format=pdf`, owner), 400, "BAD_REQUEST", ["format"]);
    expectError(await api("GET", `/api/snaps/${id}/export?format=png&scale=5`, owner), 400, "BAD_REQUEST", ["scale"]);
  });

  it("dry run answers a summary and writes nothing", async () => {
    const owner = { key: team.owner.key };
    const before = await ownedRowCounts([team.owner.id]);
    const doc = {
      format: "snap-board",
      formatVersion: 1,
      snap: { title: "Dry", rows: 3, cols: 4 },
      cards: [
        { key: "a", row: 0, col: 0 },
        { key: "b", row: 2, col: 3 },
      ],
      lines: [{ from: "a", to: "b" }],
    };
    const response = await importDoc(owner, doc, "?dryRun=true");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ valid: true, summary: { rows: 3, cols: 4, cards: 2, lines: 1 } });
    expect(await ownedRowCounts([team.owner.id])).toEqual(before);
  });

  it("refused imports name each problem by JSON path and write nothing", async () => {
    const owner = { key: team.owner.key };
    const before = await ownedRowCounts([team.owner.id]);
    const base = { format: "snap-board", formatVersion: 1, snap: { title: "Bad", rows: 2, cols: 2 } };
    const cards = [
      { key: "a", row: 0, col: 0 },
      { key: "b", row: 0, col: 1 },
      { key: "a", row: 1, col: 0 },
      { key: "d", row: 2, col: 0, rowSpan: 1 },
    ];
    expectError(
      await importDoc(owner, {
        ...base,
        cards,
        lines: [
          { from: "a", to: "zz" },
          { from: "b", to: "b" },
        ],
      }),
      400,
      "BAD_REQUEST",
      ["cards[2].key", "cards[3].row", "lines[0].to", "lines[1].to"],
    );
    expectError(await importDoc(owner, { ...base, cards: [{ key: "a", row: 0, col: 0, colSpan: 101, color: "red", extra: 1 }] }), 400, "BAD_REQUEST", [
      "cards[0].colSpan",
      "cards[0].color",
      "cards[0]",
    ]);
    expectError(await importDoc(owner, { ...base, formatVersion: 2, cards: [] }), 400, "BAD_REQUEST", ["formatVersion"]);
    expectError(await importDoc(owner, { ...base, snap: { title: " ", rows: 0, cols: 2, rowHeights: { "5": 10 } }, cards: [] }), 400, "BAD_REQUEST", [
      "snap.title",
      "snap.rows",
    ]);
    expectError(await importDoc(owner, { ...base, snap: { ...base.snap, rowHeights: { "5": 10 } }, cards: [] }), 400, "BAD_REQUEST", ['snap.rowHeights["5"]']);
    expectError(await importDoc(owner, { ...base, cards: [{ key: "a", row: 0, col: 0, title: "nul \u0000" }] }), 400, "BAD_REQUEST", ["cards[0].title"]);
    expectError(await importDoc(owner, [1, 2]), 400, "BAD_REQUEST", ["(body)"]);
    const huge = { ...base, cards: [{ key: "a", row: 0, col: 0, note: "x".repeat(8_000_001) }] };
    expectError(await importDoc(owner, huge), 413, "PAYLOAD_TOO_LARGE");
    expect(await ownedRowCounts([team.owner.id])).toEqual(before);
  });

  it("takes a 10,000-card board with 500 lines in one request", async () => {
    const owner = { key: team.owner.key };
    const cards = Array.from({ length: 10_000 }, (_, index) => ({ key: `c${index + 1}`, row: Math.floor(index / 100), col: index % 100, title: `${index}` }));
    const lines = Array.from({ length: 500 }, (_, index) => ({ from: `c${index * 20 + 1}`, to: `c${index * 20 + 2}` }));
    const doc = { format: "snap-board", formatVersion: 1, snap: { title: "Big", rows: 100, cols: 100 }, cards, lines };
    const imported = await importDoc(owner, doc);
    expect(imported.status).toBe(201);
    expect({ cards: imported.body.snap.cards.length, lines: imported.body.snap.lines.length }).toEqual({ cards: 10_000, lines: 500 });
    const exported = await exportDoc(owner, imported.body.snap.id);
    expect(exported.cards.length).toBe(10_000);
    expect(exported.lines[499]).toEqual({ from: "c9981", to: "c9982", color: "#64748b", style: "solid", arrow: "end" });
  });

  it("keeps rows and cols larger than the cards reach", async () => {
    const owner = { key: team.owner.key };
    const imported = await importDoc(owner, {
      format: "snap-board",
      formatVersion: 1,
      snap: { title: "Roomy", rows: 4, cols: 3 },
      cards: [{ key: "a", row: 0, col: 0 }],
    });
    const exported = await exportDoc(owner, imported.body.snap.id);
    expect(exported.snap).toMatchObject({ rows: 4, cols: 3, rowHeights: { "3": 120 }, colWidths: { "2": 200 } });
  });
});

describe("export and duplicate permissions", () => {
  it("needs read access: others' private snaps are 403, missing ones 404, and nothing is written", async () => {
    const owner = { key: team.owner.key };
    const created = await api("POST", "/api/snaps", { ...owner, body: { title: "Private", rows: 1, cols: 2 } });
    const id = created.body.snap.id;
    const callers = [team.member, team.admin, team.outsider];
    const before = await ownedRowCounts(callers.map((caller) => caller.id));
    for (const caller of callers) {
      expectError(await api("GET", `/api/snaps/${id}/export`, { key: caller.key }), 403, "FORBIDDEN");
      expectError(await api("GET", `/api/snaps/${id}/export?format=png`, { cookie: caller.cookie }), 403, "FORBIDDEN");
      expectError(await api("POST", `/api/snaps/${id}/duplicate`, { key: caller.key, body: {} }), 403, "FORBIDDEN");
      expectError(await api("POST", "/api/templates", { key: caller.key, body: { snapId: id, name: "Steal" } }), 403, "FORBIDDEN");
    }
    expect(await ownedRowCounts(callers.map((caller) => caller.id))).toEqual(before);
    expectError(await api("GET", "/api/snaps/no-such-snap/export", owner), 404, "NOT_FOUND");
    expectError(await api("POST", "/api/snaps/no-such-snap/duplicate", { ...owner, body: {} }), 404, "NOT_FOUND");
    expectError(await api("GET", `/api/snaps/${id}/export`), 401, "UNAUTHORIZED");
  });

  it("duplicates a snap shared for viewing into the caller's own private snap, cards and lines included", async () => {
    const owner = { key: team.owner.key };
    const doc = {
      format: "snap-board",
      formatVersion: 1,
      snap: { title: "Shared plan", subtitle: "view only", rows: 2, cols: 2, cellSpacing: 4 },
      cards: [
        { key: "a", row: 0, col: 0, title: "one", color: "#fde68a" },
        { key: "b", row: 1, col: 1, title: "two", cellType: "todo" },
      ],
      lines: [{ from: "a", to: "b", arrow: "both" }],
    };
    const source = await importDoc(owner, doc);
    const id = source.body.snap.id;
    await api("PATCH", `/api/snaps/${id}`, { ...owner, body: { sharedWithWorkspace: true, shareMode: "view", isPublic: true } });

    const copy = await api("POST", `/api/snaps/${id}/duplicate`, { cookie: team.member.cookie, body: {} });
    expect(copy.status).toBe(201);
    expect(copy.body.snap).toMatchObject({
      title: "Copy of Shared plan",
      userId: team.member.id,
      isPublic: false,
      shareToken: null,
      sharedWithWorkspace: false,
      shareMode: "view",
      folderId: null,
    });
    expect(copy.body.snap.id).not.toBe(id);
    const { rows } = await sql().query(`SELECT "workspaceId" FROM "Snap" WHERE id = $1`, [copy.body.snap.id]);
    expect(rows[0].workspaceId).toBe(team.workspaceId);
    const original = withoutExportedAt(await exportDoc(owner, id));
    const copied = withoutExportedAt(await exportDoc({ key: team.member.key }, copy.body.snap.id));
    expect(copied).toEqual({ ...original, snap: { ...original.snap, title: "Copy of Shared plan" } });

    const titled = await api("POST", `/api/snaps/${id}/duplicate`, { key: team.outsider.key, body: { title: "Mine" } });
    expectError(titled, 403, "FORBIDDEN");
    const named = await api("POST", `/api/snaps/${id}/duplicate`, { key: team.member.key, body: { title: "Mine" } });
    expect(named.body.snap.title).toBe("Mine");
    expectError(await api("POST", `/api/snaps/${id}/duplicate`, { key: team.member.key, body: { title: "" } }), 400, "BAD_REQUEST", ["title"]);
  });

  it("answers the copy as GET reads it, keeps the source's order of stacked cards and of lines, and announces both new snaps", async () => {
    const owner = { key: team.owner.key };
    const doc = {
      format: "snap-board",
      formatVersion: 1,
      snap: { title: "Stacked", rows: 1, cols: 3 },
      cards: ["c", "a", "b"].map((title, index) => ({ key: `k${index}`, row: 0, col: 0, title })).concat([{ key: "end", row: 0, col: 2, title: "end" }]),
      lines: [
        { from: "k2", to: "end", arrow: "both" },
        { from: "k0", to: "end", arrow: "none" },
        { from: "k1", to: "end", arrow: "end" },
      ],
    };
    const id = (await importDoc(owner, doc)).body.snap.id;
    const source = (await api("GET", `/api/snaps/${id}`, owner)).body.snap;

    const copy = await api("POST", `/api/snaps/${id}/duplicate`, { ...owner, body: {} });
    expect(copy.status).toBe(201);
    expect(copy.body.snap).toEqual((await api("GET", `/api/snaps/${copy.body.snap.id}`, owner)).body.snap);
    expect(copy.body.snap.cards.map((card: { title: string }) => card.title)).toEqual(source.cards.map((card: { title: string }) => card.title));
    expect(copy.body.snap.cards.map((card: { title: string }) => card.title)).toEqual(["c", "a", "b", "end"]);
    const titleOf = (snap: typeof source, cardId: string) => snap.cards.find((card: { id: string }) => card.id === cardId).title;
    const lineShapes = (snap: typeof source) => snap.lines.map((line: { fromCardId: string; arrow: string }) => [titleOf(snap, line.fromCardId), line.arrow]);
    expect(lineShapes(copy.body.snap)).toEqual(lineShapes(source));
    expect(lineShapes(copy.body.snap)).toEqual([
      ["b", "both"],
      ["c", "none"],
      ["a", "end"],
    ]);
    const sourceIds = new Set([...source.cards, ...source.lines].map((row: { id: string }) => row.id));
    expect([...copy.body.snap.cards, ...copy.body.snap.lines].filter((row: { id: string }) => sourceIds.has(row.id))).toEqual([]);
    // Both new snaps, the imported and the copy, are announced to the feed (and so to webhooks) like any new snap.
    const created = async (snapId: string) =>
      (await api("GET", `/api/events?snapId=${snapId}`, owner)).body.events.map((event: { type: string; data: { snap: { title: string } } }) => [
        event.type,
        event.data.snap?.title,
      ]);
    await feedCaughtUp();
    await expect.poll(() => created(id), { timeout: 10_000 }).toEqual([["snap.created", "Stacked"]]);
    await expect.poll(() => created(copy.body.snap.id), { timeout: 10_000 }).toEqual([["snap.created", "Copy of Stacked"]]);
  });
});

describe("templates", () => {
  it("lists at least five built-in templates and makes a snap from one, the request's fields winning", async () => {
    const owner = { key: team.owner.key };
    const listed = await api("GET", "/api/templates", owner);
    expect(listed.status).toBe(200);
    const builtins = listed.body.templates.filter((template: any) => template.source === "builtin");
    expect(builtins.length).toBeGreaterThanOrEqual(5);
    expect(builtins.map((template: any) => template.id)).toEqual(
      expect.arrayContaining(["builtin-kanban", "builtin-weekly-planner", "builtin-retrospective", "builtin-roadmap", "builtin-okrs"]),
    );
    const kanban = builtins.find((template: any) => template.id === "builtin-kanban");
    expect(kanban).toMatchObject({ name: "Kanban", rows: 5, cols: 4, previewCells: expect.arrayContaining([expect.objectContaining({ title: "Backlog" })]) });

    const created = await api("POST", "/api/snaps", { ...owner, body: { templateId: "builtin-kanban", title: "Team board", rows: 6 } });
    expect(created.status).toBe(201);
    expect(created.body.snap.title).toBe("Team board");
    expect(created.body.snap.subtitle).toBe("Move cards from left to right as work progresses");
    expect(created.body.snap.cards.find((card: any) => card.row === 0 && card.col === 0)).toMatchObject({ title: "Backlog", bold: true });
    const exported = await exportDoc(owner, created.body.snap.id);
    expect(exported.snap).toMatchObject({ rows: 6, cols: 4 });

    expectError(await api("POST", "/api/snaps", { ...owner, body: { templateId: "builtin-kanban", rows: 2 } }), 400, "BAD_REQUEST", ["rows"]);
    expectError(await api("POST", "/api/snaps", { ...owner, body: { templateId: "no-such-template" } }), 404, "NOT_FOUND");
    expectError(await api("DELETE", "/api/templates/builtin-kanban", { key: team.admin.key }), 403, "FORBIDDEN");
  });

  it("saves a snap as a workspace template: members use it, outsiders do not see it, creator or admin deletes it", async () => {
    const owner = { key: team.owner.key };
    const source = await importDoc(owner, {
      format: "snap-board",
      formatVersion: 1,
      snap: { title: "Lanes", rows: 1, cols: 2 },
      cards: [{ key: "a", row: 0, col: 0, title: "Doing", color: "#fef3c7" }],
    });
    const saved = await api("POST", "/api/templates", { ...owner, body: { snapId: source.body.snap.id, name: "Our lanes", description: "Two lanes" } });
    expect(saved.status).toBe(201);
    const template = saved.body.template;
    expect(template).toEqual({
      id: expect.any(String),
      name: "Our lanes",
      description: "Two lanes",
      source: "workspace",
      rows: 1,
      cols: 2,
      previewCells: [{ position: { row: 0, col: 0 }, rowSpan: 1, colSpan: 1, title: "Doing", type: "normal", color: "#fef3c7" }],
    });

    const memberList = await api("GET", "/api/templates", { key: team.member.key });
    expect(memberList.body.templates.map((item: any) => item.id)).toContain(template.id);
    const made = await api("POST", "/api/snaps", { key: team.member.key, body: { templateId: template.id } });
    expect(made.status).toBe(201);
    expect(made.body.snap).toMatchObject({ title: "Lanes", userId: team.member.id });

    const outsiderList = await api("GET", "/api/templates", { key: team.outsider.key });
    expect(outsiderList.body.templates.map((item: any) => item.id)).not.toContain(template.id);
    expectError(await api("POST", "/api/snaps", { key: team.outsider.key, body: { templateId: template.id } }), 404, "NOT_FOUND");
    expectError(await api("DELETE", `/api/templates/${template.id}`, { key: team.outsider.key }), 404, "NOT_FOUND");
    expectError(await api("DELETE", `/api/templates/${template.id}`, { key: team.member.key }), 403, "FORBIDDEN");
    expectError(await api("POST", "/api/templates", { ...owner, body: { snapId: source.body.snap.id, name: "" } }), 400, "BAD_REQUEST", ["name"]);

    expect((await api("DELETE", `/api/templates/${template.id}`, { key: team.admin.key })).body).toEqual({ success: true });
    expectError(await api("DELETE", `/api/templates/${template.id}`, owner), 404, "NOT_FOUND");
  });

  it("refuses a document larger than an import (413) and a workspace's 101st template (409), each naming its limit", async () => {
    const caller = { key: team.outsider.key };
    const { rows } = await sql().query(`SELECT "workspaceId" FROM "Membership" WHERE "userId" = $1`, [team.outsider.id]);
    const workspaceId: string = rows[0].workspaceId;
    const snap = (await api("POST", "/api/snaps", { ...caller, body: { title: "Huge", rows: 1, cols: 1 } })).body.snap;
    await overfillSnap(snap.id, 8_000_001);
    const tooLarge = await api("POST", "/api/templates", { ...caller, body: { snapId: snap.id, name: "Huge" } });
    expectError(tooLarge, 413, "PAYLOAD_TOO_LARGE", ["snapId"]);
    expect(tooLarge.body.error.message).toContain("8000000");

    await sql().query(`UPDATE "Card" SET note = '' WHERE "snapId" = $1`, [snap.id]);
    await sql().query(
      `INSERT INTO "SnapTemplate" (id, "workspaceId", "userId", name, document, rows, cols, "previewCells", "documentBytes")
       SELECT 'tpl-cap-' || n || '-' || $1, $1, $2, 'Filler ' || n, '{}'::jsonb, 1, 1, '[]'::jsonb, 2
       FROM generate_series(1, 99 - (SELECT count(*)::int FROM "SnapTemplate" WHERE "workspaceId" = $1)) AS n`,
      [workspaceId, team.outsider.id],
    );
    expect((await api("POST", "/api/templates", { ...caller, body: { snapId: snap.id, name: "The 100th" } })).status).toBe(201);
    const full = await api("POST", "/api/templates", { ...caller, body: { snapId: snap.id, name: "One too many" } });
    expectError(full, 409, "CONFLICT");
    expect(full.body.error.message).toContain("100 templates");
    const listed = await api("GET", "/api/templates", caller);
    expect(listed.body.templates.filter((template: any) => template.source === "workspace")).toHaveLength(100);
    await sql().query(`DELETE FROM "SnapTemplate" WHERE "workspaceId" = $1`, [workspaceId]);
  });
});
