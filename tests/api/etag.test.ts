import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { createTeam, sql, type Team } from "./fixtures";
import { expectError, insertSnap, storedCards } from "./card-fixtures";

let team: Team;
beforeAll(async () => {
  team = await createTeam();
});

const STRONG_TAG = /^"[A-Za-z0-9_-]{27}"$/;

describe("ETag and If-Match on snaps", () => {
  it("GET answers an ETag; If-None-Match with it is a 304 without a body", async () => {
    const snap = await insertSnap(team.owner, { cards: 2 });
    const first = await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(STRONG_TAG);
    expect((await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key })).headers.get("etag")).toBe(etag);

    const notModified = await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key, headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
    expect(notModified.headers.get("etag")).toBe(etag);
    expect((await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key, headers: { "if-none-match": `W/${etag}` } })).status).toBe(304);
    expect((await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key, headers: { "if-none-match": '"other"' } })).status).toBe(200);
  });

  it("the ETag changes with every write to the snap, its cards and its lines, and with a folder rename", async () => {
    const snap = await insertSnap(team.owner, { cards: 2 });
    const tag = async () => (await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key })).headers.get("etag");
    const seen = new Set([await tag()]);
    const expectNewTag = async () => {
      const current = await tag();
      expect(seen.has(current)).toBe(false);
      seen.add(current);
    };

    // Two writes well within one millisecond of each other still move it (updatedAt only moves forward).
    await Promise.all([
      api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { key: team.owner.key, body: { title: "a" } }),
      api("PATCH", `/api/snaps/cards/${snap.cardIds[1]}`, { key: team.owner.key, body: { title: "b" } }),
    ]);
    await expectNewTag();
    const folder = await api("POST", "/api/folders", { key: team.owner.key, body: { name: "F1" } });
    await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { folderId: folder.body.folder.id } });
    await expectNewTag();
    await api("PATCH", `/api/folders/${folder.body.folder.id}`, { key: team.owner.key, body: { name: "F2" } });
    await expectNewTag();
    const line = await api("POST", `/api/snaps/${snap.id}/lines`, { key: team.owner.key, body: { fromCardId: snap.cardIds[0], toCardId: snap.cardIds[1] } });
    expect(line.status).toBe(201);
    await expectNewTag();
    await api("POST", "/api/snaps/cards/batch", { key: team.owner.key, body: { cards: [{ snapId: snap.id, row: 3, col: 3 }] } });
    await expectNewTag();
    await api("DELETE", `/api/snaps/cards/${snap.cardIds[1]}`, { key: team.owner.key });
    await expectNewTag();
  });

  it("PATCH with a current If-Match writes and answers the new ETag; a stale one is 412 and writes nothing", async () => {
    const snap = await insertSnap(team.owner, { sharedWithWorkspace: true, shareMode: "edit" });
    const read = await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key });
    const etag = read.headers.get("etag")!;

    const first = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { title: "Mine" }, headers: { "if-match": etag } });
    expect(first.status).toBe(200);
    const newTag = first.headers.get("etag")!;
    expect(newTag).not.toBe(etag);
    expect((await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key })).headers.get("etag")).toBe(newTag);

    // A member read the old version: the update is refused and nothing changes.
    const stale = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.member.key, body: { title: "Theirs" }, headers: { "if-match": etag } });
    expectError(stale, 412, "PRECONDITION_FAILED");
    const { rows } = await sql().query(`SELECT title, "updatedAt" FROM "Snap" WHERE id = $1`, [snap.id]);
    expect(rows[0].title).toBe("Mine");
    expect((await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key })).headers.get("etag")).toBe(newTag);

    // A weak tag never matches If-Match; "*" matches any current version; a list matches any member.
    expectError(
      await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { title: "x" }, headers: { "if-match": `W/${newTag}` } }),
      412,
      "PRECONDITION_FAILED",
    );
    expect((await api("PATCH", `/api/snaps/${snap.id}`, { key: team.member.key, body: { title: "Any" }, headers: { "if-match": "*" } })).status).toBe(200);
    const current = (await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key })).headers.get("etag");
    expect(
      (await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { icon: "✓" }, headers: { "if-match": `"old", ${current}` } })).status,
    ).toBe(200);
  });

  it("checks access before the precondition, and leaves PATCH without If-Match unchanged", async () => {
    const snap = await insertSnap(team.owner);
    expectError(
      await api("PATCH", `/api/snaps/${snap.id}`, { key: team.outsider.key, body: { title: "x" }, headers: { "if-match": '"stale"' } }),
      403,
      "FORBIDDEN",
    );
    expectError(
      await api("PATCH", "/api/snaps/no-such-snap", { key: team.owner.key, body: { title: "x" }, headers: { "if-match": '"stale"' } }),
      404,
      "NOT_FOUND",
    );
    expect((await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { title: "free" } })).status).toBe(200);
  });
});

describe("GET /api/snaps/cards/:id, ETag and If-Match on cards", () => {
  it("reads a card with its ETag, 403 for a snap the caller may not see, 404 for none", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const response = await api("GET", `/api/snaps/cards/${snap.cardIds[0]}`, { key: team.owner.key });
    expect(response.status).toBe(200);
    expect(response.body.card).toEqual((await storedCards(snap.cardIds)).get(snap.cardIds[0]!));
    expect(response.headers.get("etag")).toMatch(STRONG_TAG);
    expect(
      (await api("GET", `/api/snaps/cards/${snap.cardIds[0]}`, { key: team.owner.key, headers: { "if-none-match": response.headers.get("etag")! } })).status,
    ).toBe(304);

    expectError(await api("GET", `/api/snaps/cards/${snap.cardIds[0]}`, { key: team.outsider.key }), 403, "FORBIDDEN");
    expectError(await api("GET", `/api/snaps/cards/${snap.cardIds[0]}`, { key: team.member.key }), 403, "FORBIDDEN");
    expectError(await api("GET", "/api/snaps/cards/no-such-card", { key: team.owner.key }), 404, "NOT_FOUND");
    expectError(await api("GET", `/api/snaps/cards/${snap.cardIds[0]}`), 401, "UNAUTHORIZED");
  });

  it("PATCH with a stale If-Match is 412 and writes nothing; with the current one it writes", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const cardId = snap.cardIds[0]!;
    const etag = (await api("GET", `/api/snaps/cards/${cardId}`, { key: team.owner.key })).headers.get("etag")!;
    const moved = await api("PATCH", `/api/snaps/cards/${cardId}`, { key: team.owner.key, body: { col: 2 }, headers: { "if-match": etag } });
    expect(moved.status).toBe(200);
    expect(moved.body.card.col).toBe(2);
    const newTag = moved.headers.get("etag")!;
    expect(newTag).not.toBe(etag);

    const before = (await storedCards([cardId])).get(cardId);
    expectError(
      await api("PATCH", `/api/snaps/cards/${cardId}`, { key: team.owner.key, body: { completed: true }, headers: { "if-match": etag } }),
      412,
      "PRECONDITION_FAILED",
    );
    expect((await storedCards([cardId])).get(cardId)).toEqual(before);
    const done = await api("PATCH", `/api/snaps/cards/${cardId}`, { key: team.owner.key, body: { completed: true }, headers: { "if-match": newTag } });
    expect(done.status).toBe(200);
    expect((await api("GET", `/api/snaps/cards/${cardId}`, { key: team.owner.key })).headers.get("etag")).toBe(done.headers.get("etag"));
  });
});
