import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { expectError, insertSnap, type SnapFixture } from "./card-fixtures";
import { createTeam, sql, type Team } from "./fixtures";
import { api, baseUrl } from "./helpers";
import { openEventStream, type EventStream } from "./live-helpers";

let team: Team;
const open: EventStream[] = [];

beforeAll(async () => {
  team = await createTeam();
});
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});

async function watch(snapId: string, caller: { key?: string; cookie?: string }, options: Parameters<typeof openEventStream>[2] = {}) {
  const stream = await openEventStream(snapId, caller, options);
  open.push(stream);
  return stream;
}

/** A snap shared with the workspace in edit mode, and a stream on it that has seen `ready`. */
async function watchedSnap(cards = 3): Promise<{ snap: SnapFixture; stream: EventStream; version: number }> {
  const snap = await insertSnap(team.owner, { cards, sharedWithWorkspace: true, shareMode: "edit" });
  const stream = await watch(snap.id, { key: team.member.key });
  const ready = await stream.next("ready");
  return { snap, stream, version: ready.data.version };
}

describe("GET /api/snaps/:id/events", () => {
  it("starts with ready, as an uncompressed, uncached event stream", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const stream = await watch(snap.id, { cookie: team.owner.cookie });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(stream.headers.get("content-encoding")).toBeNull();
    const ready = await stream.next();
    expect(ready).toEqual({ event: "ready", data: { version: 1, connectionId: expect.stringMatching(/^c_/), userId: team.owner.id, access: "manage" } });
  });

  it("refuses with the JSON error body before any stream: 401, 403, 404, 400", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const none = await watch(snap.id, {});
    expect(none.status).toBe(401);
    expect(none.error.error.code).toBe("UNAUTHORIZED");
    const outsider = await watch(snap.id, { key: team.outsider.key });
    expect(outsider.status).toBe(403);
    expect(outsider.error.error.code).toBe("FORBIDDEN");
    const member = await watch(snap.id, { key: team.member.key }); // a private snap of another member
    expect(member.status).toBe(403);
    const missing = await watch("no-such-snap", { key: team.owner.key });
    expect(missing.status).toBe(404);
    expect(missing.error.error.code).toBe("NOT_FOUND");
    const badSince = await watch(snap.id, { key: team.owner.key }, { query: "?since=abc" });
    expect(badSince.status).toBe(400);
    expect(badSince.error.error.details).toEqual([{ path: "since", message: "Expected a whole number" }]);
    const badLastId = await watch(snap.id, { key: team.owner.key }, { lastEventId: "-1" });
    expect(badLastId.status).toBe(400);
  });

  it("sends a batch PATCH made with an API key as one change: version, whole cards, the fields set", async () => {
    const { snap, stream, version } = await watchedSnap();
    const response = await api("PATCH", "/api/snaps/cards/batch", {
      key: team.owner.key,
      body: {
        updates: [
          { id: snap.cardIds[0], title: "moved", row: 4 },
          { id: snap.cardIds[2], completed: true },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("snap-version")).toBe(String(version + 1));

    const change = await stream.next("change");
    expect(change.id).toBe(String(version + 1));
    expect(change.data).toMatchObject({
      version: version + 1,
      baseVersion: null,
      actor: { userId: team.owner.id, name: "owner" },
      cardFields: { [snap.cardIds[0]!]: ["row", "title"], [snap.cardIds[2]!]: ["completed"] },
      deletedCardIds: [],
      lines: [],
      deletedLineIds: [],
      snap: null,
    });
    // Whole cards, as the API returns them (in grid order).
    expect(change.data.cards).toEqual([response.body.cards[0], response.body.cards[1]].sort((a, b) => a.row - b.row || a.col - b.col));
    expect((await api("GET", `/api/snaps/${snap.id}`, { key: team.member.key })).body.snap.version).toBe(version + 1);
  });

  it("sends card creates and deletes, lines, and snap fields, each with the next version", async () => {
    const { snap, stream, version } = await watchedSnap(2);
    const created = await api("POST", `/api/snaps/cards/${snap.id}`, { key: team.owner.key, body: { row: 1, col: 0, title: "new" } });
    expect(created.status).toBe(201);
    let change = await stream.next("change");
    expect(change.data).toMatchObject({ version: version + 1, cards: [created.body.card], cardFields: { [created.body.card.id]: ["col", "row", "title"] } });

    const line = await api("POST", `/api/snaps/${snap.id}/lines`, {
      key: team.owner.key,
      body: { fromCardId: snap.cardIds[0], toCardId: created.body.card.id },
    });
    change = await stream.next("change");
    expect(change.data).toMatchObject({ version: version + 2, lines: [line.body.line] });

    const restyled = await api("PATCH", `/api/lines/${line.body.line.id}`, { key: team.owner.key, body: { style: "dashed" } });
    change = await stream.next("change");
    expect(change.data).toMatchObject({ version: version + 3, lines: [restyled.body.line] });

    // Deleting a card takes its lines along: both are named.
    expect((await api("DELETE", `/api/snaps/cards/${created.body.card.id}`, { key: team.owner.key })).status).toBe(200);
    change = await stream.next("change");
    expect(change.data).toMatchObject({ version: version + 4, deletedCardIds: [created.body.card.id], deletedLineIds: [line.body.line.id], cards: [] });

    const patched = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { title: "Renamed", rowHeights: { "0": 90 } } });
    expect(patched.body.snap.version).toBe(version + 5);
    change = await stream.next("change");
    expect(change.data).toMatchObject({ version: version + 5, snap: { title: "Renamed", rowHeights: { "0": 90 } }, cards: [] });
  });

  it("carries the cards of a change up to 1,000 cards and 512 kB; past either, none, cardsOmitted, and a reset after it", async () => {
    const { snap, stream, version } = await watchedSnap(1);
    const grid = (count: number, from = 1) => Array.from({ length: count }, (_, index) => ({ row: from + Math.floor(index / 100), col: index % 100 }));
    const atCap = await api("POST", `/api/snaps/${snap.id}/changes`, { key: team.owner.key, body: { create: grid(1_000) } });
    expect(atCap.status).toBe(200);
    let change = await stream.next("change");
    expect(change.data.cards).toHaveLength(1_000);
    expect(change.data.cardsOmitted).toBeUndefined();

    const past = await api("POST", `/api/snaps/${snap.id}/changes`, { key: team.owner.key, body: { create: grid(1_001, 20) } });
    expect(past.status).toBe(200);
    change = await stream.next();
    expect(change).toMatchObject({ event: "change", id: String(version + 2), data: { version: version + 2, cards: [], cardsOmitted: true } });
    expect(Object.keys(change.data.cardFields)).toHaveLength(1_001);
    expect(await stream.next()).toEqual({ event: "reset", data: { version: version + 2 } });

    // 60 cards of 10,000-character titles weigh more than 512 kB.
    const long = "x".repeat(10_000);
    const heavy = await api("POST", `/api/snaps/${snap.id}/changes`, {
      key: team.owner.key,
      body: { create: grid(60, 40).map((cell) => ({ ...cell, title: long })) },
    });
    expect(heavy.status).toBe(200);
    change = await stream.next();
    expect(change.data).toMatchObject({ version: version + 3, cards: [], cardsOmitted: true });
    expect((await stream.next()).event).toBe("reset");
  });

  it("stores Base-Version in the change, and refuses one that is not a positive integer", async () => {
    const { snap, stream, version } = await watchedSnap(1);
    for (const bad of ["abc", "0", "-3", "1.5", "99999999999"]) {
      const refused = await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, {
        key: team.owner.key,
        headers: { "base-version": bad },
        body: { title: "x" },
      });
      expectError(refused, 400, "BAD_REQUEST", ["Base-Version"]);
    }
    const response = await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, {
      key: team.owner.key,
      headers: { "base-version": String(version) },
      body: { title: "based" },
    });
    expect(response.headers.get("snap-version")).toBe(String(version + 1));
    const change = await stream.next("change");
    expect(change.data).toMatchObject({ version: version + 1, baseVersion: version, cardFields: { [snap.cardIds[0]!]: ["title"] } });
  });

  it("catches up after missed writes from Last-Event-ID or ?since, in order", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const write = (title: string) => api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { key: team.owner.key, body: { title } });
    for (const title of ["one", "two", "three"]) expect((await write(title)).status).toBe(200);

    const resumed = await watch(snap.id, { key: team.owner.key }, { lastEventId: "2" });
    expect((await resumed.next()).data.version).toBe(4);
    const missed = [await resumed.next("change"), await resumed.next("change")];
    // Each names what it set; the cards come as they are now.
    expect(missed.map(({ id, data }) => [id, data.cardFields, data.cards[0].title])).toEqual([
      ["3", { [snap.cardIds[0]!]: ["title"] }, "three"],
      ["4", { [snap.cardIds[0]!]: ["title"] }, "three"],
    ]);

    const fromQuery = await watch(snap.id, { key: team.owner.key }, { query: "?since=1" });
    expect((await fromQuery.next("change")).id).toBe("2");
  });

  it("sends reset when the events after Last-Event-ID are no longer stored", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    for (const title of ["a", "b", "c"]) await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { key: team.owner.key, body: { title } });
    await sql().query(`DELETE FROM "SnapEvent" WHERE "snapId" = $1 AND version <= 3`, [snap.id]);
    const stream = await watch(snap.id, { key: team.owner.key }, { lastEventId: "1" });
    expect((await stream.next()).event).toBe("ready");
    expect(await stream.next("reset")).toEqual({ event: "reset", data: { version: 4 } });
    // From there on, changes flow again.
    await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { key: team.owner.key, body: { title: "d" } });
    expect((await stream.next("change")).data.version).toBe(5);
  });

  it("keeps the last 500 events of a snap", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    // 638 events, as if nothing had pruned them; a write to version 640 (a multiple of the prune
    // window, lib/live/record-snap-changes.ts) prunes all the old ones, the next write (a batch) the oldest.
    await sql().query(`INSERT INTO "SnapEvent" ("snapId", version, "actorUserId", payload) SELECT $1, v, $2, '{}' FROM generate_series(2, 639) AS v`, [
      snap.id,
      team.owner.id,
    ]);
    await sql().query(`UPDATE "Snap" SET version = 639 WHERE id = $1`, [snap.id]);
    const kept = async () =>
      (await sql().query(`SELECT min(version)::int AS oldest, max(version)::int AS newest, count(*)::int AS n FROM "SnapEvent" WHERE "snapId" = $1`, [snap.id]))
        .rows[0];
    await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { key: team.owner.key, body: { title: "x" } });
    expect(await kept()).toEqual({ oldest: 141, newest: 640, n: 500 });
    // The batch path prunes by the same rule (its own statement).
    await api("PATCH", "/api/snaps/cards/batch", { key: team.owner.key, body: { updates: [{ id: snap.cardIds[0], title: "y" }] } });
    expect(await kept()).toEqual({ oldest: 142, newest: 641, n: 500 });
  });

  it("ends with deleted when the snap is deleted", async () => {
    const { snap, stream } = await watchedSnap(1);
    expect((await api("DELETE", `/api/snaps/${snap.id}`, { key: team.owner.key })).status).toBe(200);
    expect(await stream.next("deleted")).toEqual({ event: "deleted", data: { message: "This snap was deleted" } });
    await stream.ended;
  });

  it("sends a change when the snap's folder is deleted (it is unfiled)", async () => {
    const { snap, stream, version } = await watchedSnap(1);
    const folder = await api("POST", "/api/folders", { key: team.owner.key, body: { name: "Live" } });
    const filed = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { folderId: folder.body.folder.id } });
    expect([folder.status, filed.status, filed.body.error]).toEqual([201, 200, undefined]);
    expect((await stream.next("change")).data.snap).toEqual({ folderId: folder.body.folder.id, folder: { id: folder.body.folder.id, name: "Live" } });
    expect((await api("DELETE", `/api/folders/${folder.body.folder.id}`, { key: team.owner.key })).status).toBe(200);
    const change = await stream.next("change");
    expect(change.data).toMatchObject({ version: version + 2, snap: { folderId: null, folder: null } });
  });

  it("sends a change for a write made through the MCP server", async () => {
    const { snap, stream, version } = await watchedSnap(1);
    const client = new Client({ name: "live-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${team.owner.key}` } } }),
    );
    try {
      const result = await client.callTool({ name: "update_cards", arguments: { updates: [{ id: snap.cardIds[0], title: "from an agent" }] } });
      expect(result.isError).toBeFalsy();
    } finally {
      await client.close();
    }
    const change = await stream.next("change");
    expect(change.data).toMatchObject({ version: version + 1, actor: { userId: team.owner.id }, cardFields: { [snap.cardIds[0]!]: ["title"] } });
    expect(change.data.cards[0].title).toBe("from an agent");
  });
});
