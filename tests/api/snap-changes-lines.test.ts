import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { createTeam, sql, type Team, type TeamMember } from "./fixtures";
import { expectError, insertSnap, newId } from "./card-fixtures";
import { openEventStream } from "./live-helpers";
import { obtainTokens } from "./oauth-helpers";

/** POST /api/snaps/:id/changes with `lines` and `snap`: one change with the cards (docs/API.md, "Changes"). */

let team: Team;

beforeAll(async () => {
  team = await createTeam();
});

const changes = (snapId: string, body: unknown, key = team.owner.key) => api("POST", `/api/snaps/${snapId}/changes`, { key, body });

/** Everything a refused change must leave as it was: version, snap fields, cards, lines, history, events, feed. */
async function state(snapId: string) {
  const { rows } = await sql().query(
    `SELECT s.version, s."updatedAt", s.title, s."rowHeights", s."isPublic", s."folderId",
       (SELECT json_agg(c ORDER BY c.id) FROM "Card" AS c WHERE c."snapId" = s.id) AS cards,
       (SELECT json_agg(l ORDER BY l.id) FROM "Line" AS l WHERE l."snapId" = s.id) AS lines,
       (SELECT count(*)::int FROM "SnapHistory" AS h WHERE h."snapId" = s.id) AS history,
       (SELECT count(*)::int FROM "SnapEvent" AS e WHERE e."snapId" = s.id) AS events,
       (SELECT count(*)::int FROM "FeedEvent" AS f WHERE f."snapId" = s.id) AS feed
     FROM "Snap" AS s WHERE s.id = $1`,
    [snapId],
  );
  return rows[0];
}

/** A snap of three cards in a row and one line from the first to the second. */
async function board(owner: TeamMember = team.owner, options: Parameters<typeof insertSnap>[1] = {}) {
  const snap = await insertSnap(owner, { cards: 3, ...options });
  const lineId = newId();
  await sql().query(`INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId") VALUES ($1, $2, $3, $4)`, [lineId, snap.id, snap.cardIds[0], snap.cardIds[1]]);
  return { ...snap, lineId };
}

describe("POST /api/snaps/:id/changes with lines and snap fields", () => {
  it("writes cards, lines (ends named by index in create) and snap fields as ONE change: one version, one history entry, one live message", async () => {
    const snap = await board();
    const [a, b, c] = snap.cardIds as [string, string, string];
    const otherLine = newId();
    await sql().query(`INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId") VALUES ($1, $2, $3, $4)`, [otherLine, snap.id, b, c]);
    const before = await state(snap.id);
    const stream = await openEventStream(snap.id, { key: team.owner.key });
    await stream.next("ready");
    try {
      const response = await changes(snap.id, {
        create: [
          { row: 2, col: 0, title: "new 0" },
          { row: 2, col: 1, title: "new 1" },
        ],
        update: [{ id: a, title: "renamed" }],
        lines: {
          create: [
            { from: 0, to: 1, style: "dashed" },
            { from: 1, to: c, arrow: "both" },
          ],
          update: [{ id: snap.lineId, color: "#ef4444" }],
          delete: [otherLine],
        },
        snap: { rowHeights: { "2": 80 }, title: "One change" },
      });
      expect(response.status).toBe(200);
      const [n0, n1] = response.body.created.map((card: { id: string }) => card.id);
      expect(response.body.lines.created).toEqual([
        { id: expect.any(String), snapId: snap.id, fromCardId: n0, toCardId: n1, color: "#64748b", style: "dashed", arrow: "end" },
        { id: expect.any(String), snapId: snap.id, fromCardId: n1, toCardId: c, color: "#64748b", style: "solid", arrow: "both" },
      ]);
      expect(response.body.lines.updated).toEqual([
        { id: snap.lineId, snapId: snap.id, fromCardId: a, toCardId: b, color: "#ef4444", style: "solid", arrow: "end" },
      ]);
      expect(response.body.lines.deleted).toEqual([otherLine]);
      expect(response.body.snap).toMatchObject({ id: snap.id, title: "One change", rowHeights: { "2": 80 }, version: before.version + 1 });

      const after = await state(snap.id);
      expect(after).toMatchObject({
        version: before.version + 1,
        history: before.history + 1,
        events: before.events + 1,
        title: "One change",
        rowHeights: { "2": 80 },
      });
      expect(after.lines.map((line: { id: string }) => line.id).sort()).toEqual(
        [snap.lineId, ...response.body.lines.created.map((line: { id: string }) => line.id)].sort(),
      );

      const message = await stream.next("change");
      expect(message.data).toMatchObject({ version: before.version + 1, deletedLineIds: [otherLine], snap: { title: "One change", rowHeights: { "2": 80 } } });
      expect(message.data.lines.map((line: { id: string }) => line.id)).toEqual(
        [...response.body.lines.created, ...response.body.lines.updated].map((line) => line.id),
      );
      expect(message.data.cards).toHaveLength(3);

      const history = await api("GET", `/api/snaps/${snap.id}/history?limit=5`, { key: team.owner.key });
      expect(history.body.entries.filter((entry: { version: number }) => entry.version > before.version)).toHaveLength(1);
      const { rows: feed } = await sql().query(`SELECT type FROM "FeedEvent" WHERE "snapId" = $1 AND "snapVersion" = $2 ORDER BY type`, [
        snap.id,
        before.version + 1,
      ]);
      expect(feed.map((event) => event.type)).toEqual(["cards.created", "cards.updated", "lines.created", "lines.deleted", "lines.updated", "snap.updated"]);
    } finally {
      stream.close();
    }
  });

  it("takes lines alone, or snap fields alone, as a change", async () => {
    const snap = await board();
    const before = await state(snap.id);
    const lines = await changes(snap.id, { lines: { delete: [snap.lineId] } });
    expect(lines.status).toBe(200);
    expect(lines.body).toMatchObject({ version: before.version + 1, created: [], lines: { created: [], updated: [], deleted: [snap.lineId] } });
    const snapOnly = await changes(snap.id, { snap: { colWidths: { "0": 200 } } });
    expect(snapOnly.status).toBe(200);
    expect(snapOnly.body.version).toBe(before.version + 2);
    expect(snapOnly.body.snap.colWidths).toEqual({ "0": 200 });
    expect(snapOnly.body.lines).toBeUndefined();
  });

  it("a line of the deleted cards goes with them once, and lines.delete may name it", async () => {
    const snap = await board();
    const response = await changes(snap.id, { delete: [snap.cardIds[1]!], lines: { delete: [snap.lineId] } });
    expect(response.status).toBe(200);
    expect(response.body.lines.deleted).toEqual([snap.lineId]);
    expect((await state(snap.id)).lines).toBeNull();
  });

  it("refuses a bad line or snap field naming its path, and writes nothing (cards included)", async () => {
    const snap = await board();
    const other = await board();
    const [a, , c] = snap.cardIds as [string, string, string];
    const folder = newId();
    await sql().query(
      `INSERT INTO "Folder" (id, "workspaceId", "userId", name, "updatedAt") SELECT $1, "workspaceId", $2, 'theirs', now() FROM "Membership" WHERE "userId" = $2`,
      [folder, team.outsider.id],
    );
    const before = await state(snap.id);
    const cards = { create: [{ row: 3, col: 0 }], update: [{ id: a, title: "not saved" }] };
    const cases: [unknown, number, string, string[]][] = [
      [{ ...cards, lines: { create: [{ from: 0, to: 0 }] } }, 400, "BAD_REQUEST", ["lines.create.0.to"]],
      [
        {
          ...cards,
          lines: {
            create: [
              { from: 0, to: c },
              { from: 1, to: c },
            ],
          },
        },
        400,
        "BAD_REQUEST",
        ["lines.create.1.from"],
      ],
      [{ ...cards, delete: [c], lines: { create: [{ from: 0, to: c }] } }, 400, "BAD_REQUEST", ["lines.create.0.to"]],
      [{ ...cards, lines: { create: [{ from: 0, to: other.cardIds[0] }] } }, 400, "BAD_REQUEST", ["lines.create.0.to"]],
      [{ ...cards, lines: { create: [{ from: 0, to: c, color: "red" }] } }, 400, "BAD_REQUEST", ["lines.create.0.color"]],
      [{ ...cards, lines: { update: [{ id: other.lineId, arrow: "both" }] } }, 404, "NOT_FOUND", ["lines.update.0.id"]],
      [{ ...cards, lines: { delete: [newId()] } }, 404, "NOT_FOUND", ["lines.delete.0"]],
      [{ ...cards, lines: { update: [{ id: snap.lineId }], delete: [snap.lineId] } }, 400, "BAD_REQUEST", ["lines.delete.0"]],
      [{ ...cards, snap: { rowHeights: { "2": 5000 } } }, 400, "BAD_REQUEST", ["snap.rowHeights.2"]],
      [{ ...cards, snap: { title: "" } }, 400, "BAD_REQUEST", ["snap.title"]],
      [{ ...cards, snap: { folderId: folder } }, 400, "BAD_REQUEST", ["snap.folderId"]],
      [{ ...cards, snap: { folderId: newId() } }, 404, "NOT_FOUND", ["snap.folderId"]],
    ];
    for (const [body, status, code, paths] of cases) {
      const response = await changes(snap.id, body);
      expectError(response, status, code, paths);
      expect(await state(snap.id)).toEqual(before);
    }
  });

  it("needs the rights of today's line and snap writes: edit for content, manage for sharing; none from a connected app", async () => {
    const viewed = await board(team.owner, { sharedWithWorkspace: true, shareMode: "view" });
    const edited = await board(team.owner, { sharedWithWorkspace: true, shareMode: "edit" });
    const lineBody = { lines: { create: [{ from: viewed.cardIds[0], to: viewed.cardIds[2] }] } };
    const viewedBefore = await state(viewed.id);
    expectError(await changes(viewed.id, lineBody, team.member.key), 403, "FORBIDDEN");
    expectError(await changes(viewed.id, { snap: { title: "no" } }, team.member.key), 403, "FORBIDDEN");
    expectError(await changes(viewed.id, lineBody, team.outsider.key), 403, "FORBIDDEN");
    expect(await state(viewed.id)).toEqual(viewedBefore);

    // An editor who is not the owner or an admin: content yes, sharing no (and nothing of the change).
    const editedBefore = await state(edited.id);
    const sharing = { update: [{ id: edited.cardIds[0], title: "x" }], snap: { isPublic: true } };
    expectError(await changes(edited.id, sharing, team.member.key), 403, "FORBIDDEN");
    expect(await state(edited.id)).toEqual(editedBefore);
    const content = await changes(
      edited.id,
      { lines: { create: [{ from: edited.cardIds[0], to: edited.cardIds[2] }] }, snap: { title: "by a member" } },
      team.member.key,
    );
    expect(content.status).toBe(200);
    const admin = await changes(edited.id, { snap: { isPublic: true } }, team.admin.key);
    expect(admin.status).toBe(200);
    expect(admin.body.snap.isPublic).toBe(true);

    const { tokens } = await obtainTokens(team.owner);
    const own = await board();
    const ownBefore = await state(own.id);
    const fromApp = { lines: { create: [{ from: own.cardIds[0], to: own.cardIds[2] }] }, snap: { sharedWithWorkspace: true } };
    expectError(await changes(own.id, fromApp, tokens.access_token), 403, "FORBIDDEN", ["snap"]);
    expect(await state(own.id)).toEqual(ownBefore);
  });
});
