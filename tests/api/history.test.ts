import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, type Caller } from "./helpers";
import { createTeam, sql, type Team, type TeamMember } from "./fixtures";
import { expectError, insertSnap } from "./card-fixtures";

let team: Team;
beforeAll(async () => {
  team = await createTeam();
});

const owner = () => ({ key: team.owner.key });

async function keyIdOf(user: TeamMember): Promise<string> {
  const { rows } = await sql().query(`SELECT id FROM "ApiKey" WHERE "userId" = $1 AND "revokedAt" IS NULL`, [user.id]);
  return rows[0].id;
}

async function ok(method: string, path: string, options: Caller & { body?: unknown }) {
  const response = await api(method, path, options);
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

async function getSnap(id: string, caller: Caller = owner()) {
  return (await ok("GET", `/api/snaps/${id}`, caller)).snap;
}

async function history(id: string, query = "", caller: Caller = owner()) {
  return ok("GET", `/api/snaps/${id}/history${query}`, caller);
}

async function withMcp<T>(key: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ name: "history-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

/** A snap created over the API (so its version 1 is in history) with a rows x cols grid. */
async function createSnap(rows: number, cols: number, caller: Caller = owner()) {
  return (await ok("POST", "/api/snaps", { ...caller, body: { title: "History", rows, cols } })).snap;
}

describe("actors", () => {
  it("says who wrote each version: a session, an API key, an agent over MCP", async () => {
    const snap = await createSnap(1, 2);
    const [first, second] = snap.cards.map((card: { id: string }) => card.id);
    await ok("PATCH", `/api/snaps/cards/${first}`, { cookie: team.owner.cookie, body: { title: "by hand" } });
    await ok("PATCH", `/api/snaps/cards/batch`, {
      key: team.owner.key,
      body: {
        updates: [
          { id: first, row: 1 },
          { id: second, row: 1 },
        ],
      },
    });
    await withMcp(team.owner.key, async (client) => {
      const result = await client.callTool({ name: "update_snap", arguments: { id: snap.id, title: "by agent" } });
      expect(result.isError).toBeFalsy();
    });

    const { entries, hasMore } = await history(snap.id);
    expect(hasMore).toBe(false);
    const keyId = await keyIdOf(team.owner);
    const person = { userId: team.owner.id, name: "owner" };
    expect(entries.map(({ version, actor, summary }: { version: number; actor: unknown; summary: string }) => ({ version, actor, summary }))).toEqual([
      { version: 4, actor: { type: "mcp", ...person, apiKeyId: keyId, apiKeyName: "owner key" }, summary: "Renamed the snap" },
      { version: 3, actor: { type: "apiKey", ...person, apiKeyId: keyId, apiKeyName: "owner key" }, summary: "Moved 2 cards" },
      { version: 2, actor: { type: "user", ...person, apiKeyId: null, apiKeyName: null }, summary: "Edited the text of “by hand”" },
      { version: 1, actor: { type: "apiKey", ...person, apiKeyId: keyId, apiKeyName: "owner key" }, summary: "Created the snap" },
    ]);
    expect(entries[1].changes).toEqual({
      cards: { created: { count: 0, ids: [] }, updated: { count: 2, ids: [first, second] }, deleted: { count: 0, ids: [] } },
      lines: { created: { count: 0, ids: [] }, updated: { count: 0, ids: [] }, deleted: { count: 0, ids: [] } },
      snapFields: [],
    });
    expect(entries[0].changes.snapFields).toEqual(["title"]);
    expect(entries[3].changes.cards.created).toEqual({ count: 2, ids: [first, second] });
    for (const entry of entries) expect(Date.parse(entry.occurredAt)).toBeGreaterThan(0);
    // GET snap carries the version the newest entry names.
    expect((await getSnap(snap.id)).version).toBe(4);
  });

  it("summarizes cards and lines added, restyled and deleted", async () => {
    const snap = await createSnap(1, 3);
    const [a, b, c] = snap.cards.map((card: { id: string }) => card.id);
    const line = (await ok("POST", `/api/snaps/${snap.id}/lines`, { ...owner(), body: { fromCardId: a, toCardId: b } })).line;
    await ok("PATCH", `/api/lines/${line.id}`, { ...owner(), body: { style: "dashed" } });
    await ok("POST", `/api/snaps/cards/batch`, {
      ...owner(),
      body: {
        cards: [
          { snapId: snap.id, row: 2, col: 0 },
          { snapId: snap.id, row: 2, col: 1 },
        ],
      },
    });
    await ok("PATCH", `/api/snaps/cards/batch`, { ...owner(), body: { updates: [{ id: c, color: "#fde68a" }] } });
    await ok("PATCH", `/api/snaps/cards/${c}`, { ...owner(), body: { rowSpan: 2 } });
    await ok("DELETE", `/api/snaps/cards/${a}`, owner());
    await ok("PATCH", `/api/snaps/${snap.id}`, { ...owner(), body: { cellSpacing: 4, rowHeights: { "0": 80 } } });
    const { entries } = await history(snap.id);
    expect(entries.map((entry: { summary: string }) => entry.summary)).toEqual([
      "Changed the snap's settings",
      "Deleted a card",
      "Resized a card",
      "Restyled a card",
      "Added 2 cards",
      "Restyled a line",
      "Connected two cards",
      "Created the snap",
    ]);
    expect(entries[1].changes.cards.deleted).toEqual({ count: 1, ids: [a] });
    expect(entries[1].changes.lines.deleted).toEqual({ count: 1, ids: [line.id] });
    expect(entries[6].changes.lines.created).toEqual({ count: 1, ids: [line.id] });
  });
});

describe("versions", () => {
  it("answers every version exactly as GET answered it, across snapshots, deletions and lines", async () => {
    const snap = await createSnap(2, 3);
    const ids: string[] = snap.cards.map((card: { id: string }) => card.id);
    const seen = new Map<number, unknown>([[1, await getSnap(snap.id)]]);
    let lineId: string | null = null;
    // 120 writes of every kind: two snapshot boundaries (50, 100) on the way.
    for (let step = 0; step < 120; step += 1) {
      const live = ids.filter(Boolean);
      const pick = live[step % live.length]!;
      if (step % 17 === 5 && live.length > 2) {
        await ok("DELETE", `/api/snaps/cards/${pick}`, owner());
        ids[ids.indexOf(pick)] = "";
        if (lineId && !(await getSnap(snap.id)).lines.length) lineId = null;
      } else if (step % 13 === 3) {
        const created = (
          await ok("POST", `/api/snaps/cards/${snap.id}`, { ...owner(), body: { row: 5 + step, col: step % 4, title: `new ${step}`, cellType: "todo" } })
        ).card;
        ids.push(created.id);
      } else if (step % 11 === 2 && live.length > 1 && !lineId) {
        lineId = (await ok("POST", `/api/snaps/${snap.id}/lines`, { ...owner(), body: { fromCardId: live[0], toCardId: live[1] } })).line.id;
      } else if (step % 11 === 7 && lineId) {
        await ok("PATCH", `/api/lines/${lineId}`, { ...owner(), body: { arrow: step % 2 ? "both" : "none", color: "#0f172a" } });
      } else if (step % 19 === 9) {
        await ok("PATCH", `/api/snaps/${snap.id}`, {
          ...owner(),
          body: { title: `Title ${step}`, subtitle: step % 2 ? null : "sub", colWidths: { [String(step % 3)]: 100 + step } },
        });
      } else {
        const updates = live.slice(0, 3).map((id, index) => ({ id, row: (step + index) % 7, col: index, title: `s${step}`, completed: step % 2 === 0 }));
        await ok("PATCH", `/api/snaps/cards/batch`, { ...owner(), body: { updates } });
      }
      const now = await getSnap(snap.id);
      seen.set(now.version, now);
    }
    expect(seen.size).toBe(121);
    for (const [version, expected] of seen) {
      const response = await api("GET", `/api/snaps/${snap.id}/versions/${version}`, owner());
      expect(response.status, `version ${version}`).toBe(200);
      expect(response.body, `version ${version}`).toEqual({ snap: expected });
    }
  }, 120_000);

  it("a snap made before history existed starts its history at its next write", async () => {
    const snap = await insertSnap(team.owner, { cards: 2 });
    expectError(await api("GET", `/api/snaps/${snap.id}/versions/1`, owner()), 404, "NOT_FOUND");
    await ok("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { ...owner(), body: { title: "first" } });
    const expected = await getSnap(snap.id);
    expect(expected.version).toBe(2);
    expect((await api("GET", `/api/snaps/${snap.id}/versions/2`, owner())).body).toEqual({ snap: expected });
    expectError(await api("GET", `/api/snaps/${snap.id}/versions/1`, owner()), 404, "NOT_FOUND");
  });

  it("refuses malformed versions (400) and unknown ones (404)", async () => {
    const snap = await createSnap(1, 1);
    for (const bad of ["0", "-1", "1.5", "abc", "1e3", "99999999999"]) {
      expectError(await api("GET", `/api/snaps/${snap.id}/versions/${bad}`, owner()), 400, "BAD_REQUEST", ["version"]);
    }
    expectError(await api("GET", `/api/snaps/${snap.id}/versions/2`, owner()), 404, "NOT_FOUND");
    expectError(await api("GET", `/api/snaps/no-such-snap/versions/1`, owner()), 404, "NOT_FOUND");
    expectError(await api("GET", `/api/snaps/${snap.id}/history?limit=0`, owner()), 400, "BAD_REQUEST", ["limit"]);
    expectError(await api("GET", `/api/snaps/${snap.id}/history?limit=101`, owner()), 400, "BAD_REQUEST", ["limit"]);
    expectError(await api("GET", `/api/snaps/${snap.id}/history?before=x`, owner()), 400, "BAD_REQUEST", ["before"]);
    expectError(await api("GET", `/api/snaps/${snap.id}/history?since=1`, owner()), 400, "BAD_REQUEST");
    for (const body of [{}, { version: "1" }, { version: 0 }, { version: 1.5 }, { version: 1, extra: true }]) {
      expectError(await api("POST", `/api/snaps/${snap.id}/restore`, { ...owner(), body }), 400, "BAD_REQUEST");
    }
    expectError(await api("POST", `/api/snaps/${snap.id}/restore`, { ...owner(), body: { version: 7 } }), 404, "NOT_FOUND");
    expect((await getSnap(snap.id)).version).toBe(1);
  });

  it("pages newest first with before and hasMore", async () => {
    const snap = await createSnap(1, 1);
    for (let step = 0; step < 6; step += 1) await ok("PATCH", `/api/snaps/cards/${snap.cards[0].id}`, { ...owner(), body: { title: `t${step}` } });
    const first = await history(snap.id, "?limit=3");
    expect(first.entries.map((entry: { version: number }) => entry.version)).toEqual([7, 6, 5]);
    expect(first.hasMore).toBe(true);
    const second = await history(snap.id, "?limit=3&before=5");
    expect(second.entries.map((entry: { version: number }) => entry.version)).toEqual([4, 3, 2]);
    expect(second.hasMore).toBe(true);
    const last = await history(snap.id, "?limit=3&before=2");
    expect(last.entries.map((entry: { version: number }) => entry.version)).toEqual([1]);
    expect(last.hasMore).toBe(false);
  });
});

describe("restore", () => {
  it("brings back cards, lines, spans and content fields as one new write, and a restore is undone by another", async () => {
    const snap = await createSnap(2, 2);
    const [a, b, c, d] = snap.cards.map((card: { id: string }) => card.id);
    await ok("PATCH", `/api/snaps/cards/batch`, {
      ...owner(),
      body: {
        updates: [
          { id: a, title: "A", colSpan: 2, color: "#fde68a" },
          { id: c, rowSpan: 2, note: "n" },
        ],
      },
    });
    const line = (await ok("POST", `/api/snaps/${snap.id}/lines`, { ...owner(), body: { fromCardId: a, toCardId: d, style: "dashed" } })).line;
    const line2 = (await ok("POST", `/api/snaps/${snap.id}/lines`, { ...owner(), body: { fromCardId: b, toCardId: c } })).line;
    await ok("PATCH", `/api/snaps/${snap.id}`, { ...owner(), body: { title: "Before", icon: "🚀", rowHeights: { "1": 90 } } });
    const target = await getSnap(snap.id);
    expect(target.version).toBe(5);

    // Everything changes: a card (and its line) deleted, spans and fields edited, a line restyled,
    // one deleted, cards added, the snap renamed and its sharing changed (which restore leaves).
    await ok("DELETE", `/api/snaps/cards/${d}`, owner());
    await ok("PATCH", `/api/snaps/cards/batch`, {
      ...owner(),
      body: {
        updates: [
          { id: a, colSpan: 1, title: "A2" },
          { id: c, rowSpan: 1, row: 3 },
        ],
      },
    });
    await ok("PATCH", `/api/lines/${line2.id}`, { ...owner(), body: { color: "#ef4444", arrow: "both" } });
    await ok("POST", `/api/snaps/cards/batch`, { ...owner(), body: { cards: [{ snapId: snap.id, row: 4, col: 0, title: "new" }] } });
    await ok("PATCH", `/api/snaps/${snap.id}`, { ...owner(), body: { title: "After", icon: null, rowHeights: {}, cellSpacing: 2, sharedWithWorkspace: true } });
    const before = await getSnap(snap.id);
    expect(before.version).toBe(10);

    const restored = await api("POST", `/api/snaps/${snap.id}/restore`, { ...owner(), body: { version: 5 } });
    expect(restored.status).toBe(200);
    expect(restored.headers.get("snap-version")).toBe("11");
    const now = await getSnap(snap.id);
    expect(restored.body).toEqual({ snap: now });
    expect(now.version).toBe(11);
    // Lines restored come after the lines kept (GET orders lines by creation): compared as sets.
    const byId = (lines: { id: string }[]) => [...lines].sort((x, y) => (x.id < y.id ? -1 : 1));
    const sameAs = (snapshot: typeof target, sharing: typeof target) => ({
      ...snapshot,
      lines: byId(snapshot.lines),
      version: expect.any(Number),
      updatedAt: expect.any(String),
      isPublic: sharing.isPublic,
      shareMode: sharing.shareMode,
      shareToken: sharing.shareToken,
      sharedWithWorkspace: sharing.sharedWithWorkspace,
    });
    expect({ ...now, lines: byId(now.lines) }).toEqual(sameAs(target, before));
    expect(now.sharedWithWorkspace).toBe(true);
    expect(now.lines.map((l: { id: string }) => l.id).sort()).toEqual([line.id, line2.id].sort());
    expect(now.cards.find((card: { id: string }) => card.id === d)).toBeDefined();

    // Its own history entry, and a live change event like any write.
    const [entry] = (await history(snap.id, "?limit=1")).entries;
    expect(entry).toMatchObject({ version: 11, summary: "Restored version 5", actor: { type: "apiKey", userId: team.owner.id } });
    expect(entry.changes.cards.created.ids).toEqual([d]);
    expect(entry.changes.cards.deleted.count).toBe(1);
    expect(entry.changes.lines.created.ids).toEqual([line.id]);
    expect(entry.changes.snapFields.sort()).toEqual(["cellSpacing", "icon", "rowHeights", "title"]);
    const { rows } = await sql().query(`SELECT payload FROM "SnapEvent" WHERE "snapId" = $1 AND version = 11`, [snap.id]);
    expect(rows[0].payload).toMatchObject({ deletedCardIds: [expect.any(String)], snap: { title: "Before" } });
    // The restore's own version reads back exactly.
    expect((await api("GET", `/api/snaps/${snap.id}/versions/11`, owner())).body).toEqual({ snap: now });

    // Restoring the version before the restore undoes it.
    await ok("POST", `/api/snaps/${snap.id}/restore`, { ...owner(), body: { version: 10 } });
    const undone = await getSnap(snap.id);
    expect(undone.version).toBe(12);
    expect({ ...undone, lines: byId(undone.lines) }).toEqual(sameAs(before, before));
    expect((await history(snap.id, "?limit=1")).entries[0].summary).toBe("Restored version 10");
    expect((await api("GET", `/api/snaps/${snap.id}/versions/12`, owner())).body).toEqual({ snap: undone });
  });

  it("over MCP: the three tools, attributed to the agent", async () => {
    const snap = await createSnap(1, 2);
    await ok("PATCH", `/api/snaps/${snap.id}`, { ...owner(), body: { title: "Renamed" } });
    await withMcp(team.owner.key, async (client) => {
      const listed = await client.callTool({ name: "get_snap_history", arguments: { id: snap.id, limit: 1 } });
      expect(listed.structuredContent).toMatchObject({ entries: [{ version: 2, summary: "Renamed the snap" }], hasMore: true });
      const version = await client.callTool({ name: "get_snap_version", arguments: { id: snap.id, version: 1 } });
      expect(version.structuredContent).toEqual({ snap: (await api("GET", `/api/snaps/${snap.id}/versions/1`, owner())).body.snap });
      const restored = await client.callTool({ name: "restore_snap_version", arguments: { id: snap.id, version: 1 } });
      expect(restored.isError).toBeFalsy();
      expect(restored.structuredContent).toMatchObject({ snap: { title: "History", version: 3 } });
      const missing = await client.callTool({ name: "restore_snap_version", arguments: { id: snap.id, version: 99 } });
      expect(missing.isError).toBe(true);
    });
    const [entry] = (await history(snap.id, "?limit=1")).entries;
    expect(entry).toMatchObject({ summary: "Restored version 1", actor: { type: "mcp", apiKeyName: "owner key" } });
  });
});

describe("access", () => {
  it("reading history needs read access; restoring needs edit access", async () => {
    const viewOnly = await insertSnap(team.owner, { cards: 1, sharedWithWorkspace: true, shareMode: "view" });
    await ok("PATCH", `/api/snaps/cards/${viewOnly.cardIds[0]}`, { ...owner(), body: { title: "v2" } });
    await ok("PATCH", `/api/snaps/cards/${viewOnly.cardIds[0]}`, { ...owner(), body: { title: "v3" } });
    const member = { key: team.member.key };
    expect((await history(viewOnly.id, "", member)).entries).toHaveLength(2);
    expect((await api("GET", `/api/snaps/${viewOnly.id}/versions/2`, member)).status).toBe(200);
    expectError(await api("POST", `/api/snaps/${viewOnly.id}/restore`, { ...member, body: { version: 2 } }), 403, "FORBIDDEN");
    expectError(await api("POST", `/api/snaps/${viewOnly.id}/restore`, { cookie: team.member.cookie, body: { version: 2 } }), 403, "FORBIDDEN");
    expect((await getSnap(viewOnly.id)).version).toBe(3);

    const outsider = { key: team.outsider.key };
    expectError(await api("GET", `/api/snaps/${viewOnly.id}/history`, outsider), 403, "FORBIDDEN");
    expectError(await api("GET", `/api/snaps/${viewOnly.id}/versions/2`, outsider), 403, "FORBIDDEN");
    expectError(await api("POST", `/api/snaps/${viewOnly.id}/restore`, { ...outsider, body: { version: 2 } }), 403, "FORBIDDEN");
    expectError(await api("GET", `/api/snaps/${viewOnly.id}/history`, {}), 401, "UNAUTHORIZED");

    const editable = await insertSnap(team.owner, { cards: 1, sharedWithWorkspace: true, shareMode: "edit" });
    await ok("PATCH", `/api/snaps/cards/${editable.cardIds[0]}`, { ...owner(), body: { title: "v2" } });
    await ok("PATCH", `/api/snaps/cards/${editable.cardIds[0]}`, { ...owner(), body: { title: "v3" } });
    const restored = await ok("POST", `/api/snaps/${editable.id}/restore`, { ...member, body: { version: 2 } });
    expect(restored.snap.cards[0].title).toBe("v2");
    expect((await history(editable.id, "?limit=1", member)).entries[0].actor).toMatchObject({ type: "apiKey", userId: team.member.id, name: "member" });
  });
});

describe("retention", () => {
  it("keeps every version of the last HISTORY_RETENTION_DAYS days and the last 100, whatever their age", async () => {
    const snap = await createSnap(1, 1);
    const card = snap.cards[0].id;
    for (let step = 0; step < 129; step += 1) await ok("PATCH", `/api/snaps/cards/${card}`, { ...owner(), body: { title: `t${step}` } });
    expect((await getSnap(snap.id)).version).toBe(130);
    // Versions 1..20 are 91 days old, 21..40 are 89 days old (default retention: 90 days).
    await sql().query(`UPDATE "SnapHistory" SET "occurredAt" = now() - interval '91 days' WHERE "snapId" = $1 AND version <= 20`, [snap.id]);
    await sql().query(`UPDATE "SnapHistory" SET "occurredAt" = now() - interval '89 days' WHERE "snapId" = $1 AND version BETWEEN 21 AND 40`, [snap.id]);
    const status = async (version: number) => (await api("GET", `/api/snaps/${snap.id}/versions/${version}`, owner())).status;
    expect([await status(1), await status(20)]).toEqual([404, 404]);
    expect([await status(21), await status(40), await status(41), await status(130)]).toEqual([200, 200, 200, 200]);
    expectError(await api("POST", `/api/snaps/${snap.id}/restore`, { ...owner(), body: { version: 20 } }), 404, "NOT_FOUND");
    const oldest = async () => {
      const { entries } = await history(snap.id, "?limit=100&before=60");
      return entries.at(-1).version;
    };
    expect(await oldest()).toBe(21);

    // Now 1..60 are all past the limit: only the last 100 (31..130) stay.
    await sql().query(`UPDATE "SnapHistory" SET "occurredAt" = now() - interval '95 days' WHERE "snapId" = $1 AND version <= 60`, [snap.id]);
    expect([await status(30), await status(31)]).toEqual([404, 200]);
    expect(await oldest()).toBe(31);
    // The write at the next snapshot (version 150) deletes rows no longer needed: those before the
    // newest snapshot (50) at or before the oldest version kept (51 = 150 - 99; 52..60 are old too).
    for (let step = 0; step < 20; step += 1) await ok("PATCH", `/api/snaps/cards/${card}`, { ...owner(), body: { title: `u${step}` } });
    const { rows } = await sql().query(`SELECT min(version)::int AS oldest, count(*)::int AS n FROM "SnapHistory" WHERE "snapId" = $1`, [snap.id]);
    expect(rows[0]).toEqual({ oldest: 50, n: 101 });
    expect([await status(50), await status(51), await status(150)]).toEqual([404, 200, 200]);
  }, 60_000);
});
