import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { createTeam, sql, type Team } from "./fixtures";
import { countCards, expectCard, expectError, insertSnap, newId, storedCards, type SnapFixture } from "./card-fixtures";
import { openEventStream } from "./live-helpers";

/** POST /api/snaps/:id/changes: many cards of one snap as one change (docs/API.md, "Changes"). */

let team: Team;

beforeAll(async () => {
  team = await createTeam();
});

const changes = (snapId: string, body: unknown, headers: Record<string, string> = {}, key = team.owner.key) =>
  api("POST", `/api/snaps/${snapId}/changes`, { key, body, headers });

/** Everything a refused change must leave as it was: the snap's version, its cards and lines, its history and events. */
async function state(snapId: string) {
  const { rows } = await sql().query(
    `SELECT s.version, s."updatedAt",
       (SELECT json_agg(c ORDER BY c.id) FROM "Card" AS c WHERE c."snapId" = s.id) AS cards,
       (SELECT count(*)::int FROM "Line" AS l WHERE l."snapId" = s.id) AS lines,
       (SELECT count(*)::int FROM "SnapHistory" AS h WHERE h."snapId" = s.id) AS history,
       (SELECT count(*)::int FROM "SnapEvent" AS e WHERE e."snapId" = s.id) AS events,
       (SELECT count(*)::int FROM "FeedEvent" AS f WHERE f."snapId" = s.id) AS feed
     FROM "Snap" AS s WHERE s.id = $1`,
    [snapId],
  );
  return rows[0];
}

/** A snap of `rows` × `cols` one-cell cards titled "r,c", with ids by position. */
async function grid(
  rows: number,
  cols: number,
  options: Parameters<typeof insertSnap>[1] = {},
): Promise<SnapFixture & { at: (row: number, col: number) => string }> {
  const snap = await insertSnap(team.owner, options);
  const cells = Array.from({ length: rows * cols }, (_, i) => ({ id: newId(), row: Math.floor(i / cols), col: i % cols }));
  await sql().query(
    `INSERT INTO "Card" (id, "snapId", row, col, title) SELECT c.id, $2, c.row, c.col, c.row || ',' || c.col FROM json_to_recordset($1::json) AS c(id text, row int, col int)`,
    [JSON.stringify(cells), snap.id],
  );
  const ids = new Map(cells.map((cell) => [`${cell.row},${cell.col}`, cell.id]));
  return { id: snap.id, cardIds: cells.map((cell) => cell.id), at: (row, col) => ids.get(`${row},${col}`)! };
}

describe("POST /api/snaps/:id/changes", () => {
  it("creates, swaps and deletes as ONE change: one version, one history entry, one live message, one event per kind", async () => {
    const snap = await grid(1, 3);
    const [a, b, c] = [snap.at(0, 0), snap.at(0, 1), snap.at(0, 2)];
    const lineId = newId();
    await sql().query(`INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId") VALUES ($1, $2, $3, $4)`, [lineId, snap.id, a, c]);
    const before = await state(snap.id);
    const stream = await openEventStream(snap.id, { key: team.owner.key });
    expect(stream.status).toBe(200);
    await stream.next("ready");

    try {
      const response = await changes(snap.id, {
        // The swap is only legal once both moves are applied; the new cards go where c was and below.
        update: [
          { id: a, col: 1, bold: true },
          { id: b, col: 0 },
        ],
        delete: [c],
        create: [
          { row: 0, col: 2, title: "new", cellType: "todo" },
          { row: 1, col: 0, colSpan: 3, title: "wide" },
        ],
      });
      expect(response.status).toBe(200);
      expect(Object.keys(response.body)).toEqual(["version", "created", "updated", "deleted", "overwritten", "missing"]);
      expect(response.body.version).toBe(before.version + 1);
      expect(response.headers.get("snap-version")).toBe(String(before.version + 1));
      expectCard(response.body.created[0], { snapId: snap.id, row: 0, col: 2, title: "new", cellType: "todo" });
      expectCard(response.body.created[1], { snapId: snap.id, row: 1, col: 0, colSpan: 3, title: "wide" });
      expectCard(response.body.updated[0], { id: a, snapId: snap.id, row: 0, col: 1, title: "0,0", bold: true });
      expectCard(response.body.updated[1], { id: b, snapId: snap.id, row: 0, col: 0, title: "0,1" });
      expect(response.body.deleted).toEqual([c]);

      const after = await state(snap.id);
      expect(after).toMatchObject({ version: before.version + 1, lines: 0, history: before.history + 1, events: before.events + 1 });
      const stored = await storedCards([...response.body.created, ...response.body.updated].map((card: { id: string }) => card.id));
      for (const card of [...response.body.created, ...response.body.updated]) expect(stored.get(card.id)).toEqual(card);
      expect(await countCards(snap.id)).toBe(4);

      // History: one entry saying all of it.
      const history = await api("GET", `/api/snaps/${snap.id}/history?limit=5`, { key: team.owner.key });
      const entries = history.body.entries.filter((entry: { version: number }) => entry.version > before.version);
      expect(entries).toHaveLength(1);
      expect(entries[0].summary).toBe("Added 2 cards, edited 2 cards and deleted a card");
      expect(entries[0].changes.cards).toEqual({
        created: { count: 2, ids: response.body.created.map((card: { id: string }) => card.id) },
        updated: { count: 2, ids: expect.arrayContaining([a, b]) },
        deleted: { count: 1, ids: [c] },
      });
      const version = await api("GET", `/api/snaps/${snap.id}/versions/${response.body.version}`, { key: team.owner.key });
      const current = await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key });
      expect(version.body.snap.cards).toEqual(current.body.snap.cards);

      // Live: one message for the whole change; the next write is the next message.
      const message = await stream.next("change");
      expect(message.data).toMatchObject({ version: before.version + 1, deletedCardIds: [c], deletedLineIds: [lineId] });
      expect(Object.keys(message.data.cardFields).sort()).toEqual([a, b, ...response.body.created.map((card: { id: string }) => card.id)].sort());
      expect(message.data.cards).toHaveLength(4);
      expect((await api("PATCH", `/api/snaps/cards/${a}`, { key: team.owner.key, body: { title: "next" } })).status).toBe(200);
      expect((await stream.next("change")).data.version).toBe(before.version + 2);

      // The feed (what webhooks deliver): one event per kind, all at the change's version.
      const { rows: feed } = await sql().query(`SELECT type, "snapVersion", data FROM "FeedEvent" WHERE "snapId" = $1 AND "snapVersion" = $2 ORDER BY type`, [
        snap.id,
        before.version + 1,
      ]);
      expect(feed.map((event) => event.type)).toEqual(["cards.created", "cards.deleted", "cards.updated"]);
      expect(feed[0].data.cards).toHaveLength(2);
      expect(feed[1].data).toEqual({ cardIds: [c], lineIds: [lineId] });
      expect(feed[2].data.cards.map((card: { id: string }) => card.id)).toEqual([a, b]);
      expect(after.feed).toBe(before.feed + 3);
    } finally {
      stream.close();
    }
  });

  it("moves a group onto its own cells (each card lands where another was) and keeps cards not named", async () => {
    const snap = await grid(2, 3);
    // The 2 × 2 block at the left moves one column right, over its own right half.
    const update = [snap.at(0, 0), snap.at(0, 1), snap.at(1, 0), snap.at(1, 1)].map((id, i) => ({ id, col: (i % 2) + 1 }));
    const blockers = [snap.at(0, 2), snap.at(1, 2)];
    const refused = await changes(snap.id, { update });
    expectError(refused, 409, "CONFLICT", ["update.1"]);
    expect(refused.body.error.message).toContain(blockers[0]);
    const moved = await changes(snap.id, { update, delete: blockers });
    expect(moved.status).toBe(200);
    expect(moved.body.updated.map((card: { row: number; col: number }) => [card.row, card.col])).toEqual([
      [0, 1],
      [0, 2],
      [1, 1],
      [1, 2],
    ]);
  });

  it("refuses an overlap left at the end with 409 naming both cards, and writes nothing", async () => {
    const snap = await grid(2, 2);
    const before = await state(snap.id);

    const onto = await changes(snap.id, { update: [{ id: snap.at(0, 0), col: 1 }] });
    expectError(onto, 409, "CONFLICT", ["update.0"]);
    expect(onto.body.error.message).toBe(`update.0 (card ${snap.at(0, 0)}) and card ${snap.at(0, 1)} would overlap at row 0, col 1; nothing was written`);

    const crossing = await changes(snap.id, {
      create: [
        { row: 5, col: 0, colSpan: 3 },
        { row: 5, col: 2 },
      ],
    });
    expectError(crossing, 409, "CONFLICT", ["create.0", "create.1"]);
    expect(crossing.body.error.details[0].message).toMatch(/^Overlaps create\.1 \(card \w+\) at row 5, col 2$/);

    const grown = await changes(snap.id, { create: [{ row: 3, col: 0 }], update: [{ id: snap.at(1, 0), rowSpan: 3 }] });
    expectError(grown, 409, "CONFLICT", ["create.0", "update.0"]);
    expect(await state(snap.id)).toEqual(before);

    // Cards that overlapped before the change, and that it does not move, are not its business.
    await sql().query(`UPDATE "Card" SET "colSpan" = 2 WHERE id = $1`, [snap.at(1, 0)]);
    expect((await changes(snap.id, { update: [{ id: snap.at(1, 0), title: "still wide" }] })).status).toBe(200);
  });

  it("is all or nothing: a bad item, an unknown card or a card of another snap refuses the change, naming the item", async () => {
    const snap = await grid(1, 20);
    const other = await insertSnap(team.owner, { cards: 1 });
    const foreign = await insertSnap(team.outsider, { cards: 1 });
    const before = await state(snap.id);
    const update = snap.cardIds.map((id, i) => ({ id, title: `t${i}` }));

    const badRow = await changes(snap.id, { create: [{ row: 5, col: 0 }], update: update.map((item, i) => (i === 12 ? { ...item, row: -1 } : item)) });
    expectError(badRow, 400, "BAD_REQUEST", ["update.12.row"]);
    expectError(await changes(snap.id, { create: [{ row: 5 }] }), 400, "BAD_REQUEST", ["create.0.col"]);
    expectError(await changes(snap.id, { create: [{ row: 5, col: 0, snapId: other.id }] }), 400, "BAD_REQUEST", ["create.0"]);
    expectError(await changes(snap.id, { update: [{ id: snap.cardIds[0], id2: 1 }] }), 400, "BAD_REQUEST", ["update.0"]);

    const unknown = await changes(snap.id, { update: [...update, { id: newId(), title: "x" }] });
    expectError(unknown, 404, "NOT_FOUND", ["update.20.id"]);
    const elsewhere = await changes(snap.id, { update, delete: [other.cardIds[0]!, foreign.cardIds[0]!] });
    expectError(elsewhere, 404, "NOT_FOUND", ["delete.0", "delete.1"]);

    const twice = await changes(snap.id, { update: [update[0]], delete: [snap.cardIds[0]!] });
    expectError(twice, 400, "BAD_REQUEST", ["delete.0"]);
    expectError(await changes(snap.id, {}), 400, "BAD_REQUEST");
    expectError(await changes(snap.id, { create: [], update: [] }), 400, "BAD_REQUEST");

    expect(await state(snap.id)).toEqual(before);
    expect((await storedCards(other.cardIds)).size).toBe(1);
    expect((await storedCards(foreign.cardIds)).size).toBe(1);
  });

  it("takes 5,000 items in one change (one version) and refuses 5,001 (400), writing nothing", async () => {
    const snap = await grid(1, 100);
    const before = await state(snap.id);
    const update = snap.cardIds.map((id) => ({ id, color: "#22c55e" }));
    const create = Array.from({ length: 4_900 }, (_, i) => ({ row: 1 + Math.floor(i / 100), col: i % 100, title: `c${i}` }));

    const tooMany = await changes(snap.id, { create: [...create, { row: 60, col: 0 }], update });
    expectError(tooMany, 400, "BAD_REQUEST", ["create"]);
    expect(tooMany.body.error.message).toContain("5,000");
    expectError(await changes(snap.id, { create: Array.from({ length: 5_001 }, (_, i) => ({ row: Math.floor(i / 100), col: i % 100 })) }), 400, "BAD_REQUEST", [
      "create",
    ]);
    expect(await state(snap.id)).toEqual(before);

    const response = await changes(snap.id, { create, update });
    expect(response.status).toBe(200);
    expect([response.body.created.length, response.body.updated.length]).toEqual([4_900, 100]);
    expect(response.body.created[4_899]).toMatchObject({ row: 49, col: 99, title: "c4899" });
    expect(await countCards(snap.id)).toBe(5_000);
    expect(await state(snap.id)).toMatchObject({ version: before.version + 1, history: before.history + 1, events: before.events + 1 });
  });

  it("is conditional with If-Match (the snap's ETag) or baseVersion (its version): 412 when the snap moved on", async () => {
    const snap = await grid(1, 2);
    const read = await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key });
    const etag = read.headers.get("etag")!;
    const version = read.body.snap.version as number;

    const matched = await changes(snap.id, { update: [{ id: snap.at(0, 0), title: "first" }] }, { "if-match": etag });
    expect(matched.status).toBe(200);
    const before = await state(snap.id);

    expectError(await changes(snap.id, { update: [{ id: snap.at(0, 1), title: "stale" }] }, { "if-match": etag }), 412, "PRECONDITION_FAILED");
    const stale = await changes(snap.id, { update: [{ id: snap.at(0, 1), title: "stale" }], baseVersion: version });
    expectError(stale, 412, "PRECONDITION_FAILED", ["baseVersion"]);
    expect(stale.body.error.message).toContain(`version ${version + 1}`);
    expect(await state(snap.id)).toEqual(before);

    const current = await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key });
    const both = await changes(
      snap.id,
      { update: [{ id: snap.at(0, 1), title: "fresh" }], baseVersion: version + 1 },
      { "if-match": current.headers.get("etag")! },
    );
    expect(both.body.version).toBe(version + 2);
    // The version it was made against goes with the live event, as Base-Version would.
    const { rows } = await sql().query(`SELECT payload->>'baseVersion' AS base FROM "SnapEvent" WHERE "snapId" = $1 AND version = $2`, [snap.id, version + 2]);
    expect(rows[0].base).toBe(String(version + 1));
  });

  it("needs edit access: read-only key 403, view-only member 403, another workspace 403, unknown snap 404", async () => {
    const shared = await grid(1, 1, { sharedWithWorkspace: true, shareMode: "view" });
    const readKey = (await api("POST", "/api/keys", { cookie: team.owner.cookie, body: { name: "read", access: "read" } })).body.apiKey.key;
    const body = { update: [{ id: shared.at(0, 0), title: "x" }], create: [{ row: 3, col: 3 }] };
    const before = await state(shared.id);

    expectError(await changes(shared.id, body, {}, readKey), 403, "FORBIDDEN");
    expectError(await changes(shared.id, body, {}, team.member.key), 403, "FORBIDDEN");
    expectError(await changes(shared.id, body, {}, team.outsider.key), 403, "FORBIDDEN");
    expectError(await changes(newId(), body), 404, "NOT_FOUND");
    expect(await state(shared.id)).toEqual(before);

    // An admin of the workspace may, and a session from the app's origin too.
    expect((await changes(shared.id, { update: [{ id: shared.at(0, 0), title: "admin" }] }, {}, team.admin.key)).status).toBe(200);
    const viaCookie = await api("POST", `/api/snaps/${shared.id}/changes`, { cookie: team.owner.cookie, body: { delete: [shared.at(0, 0)] } });
    expect(viaCookie.status).toBe(200);
  });
});
