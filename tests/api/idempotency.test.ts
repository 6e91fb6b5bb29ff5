import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { createTeam, sql, type Team } from "./fixtures";
import { countCards, expectError, insertSnap } from "./card-fixtures";

let team: Team;
beforeAll(async () => {
  team = await createTeam();
});

async function countSnaps(userId: string): Promise<number> {
  const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "Snap" WHERE "userId" = $1`, [userId]);
  return rows[0].n;
}

describe("Idempotency-Key on POST creates", () => {
  it("replays the first answer to a retry and writes nothing more", async () => {
    const key = randomUUID();
    const before = await countSnaps(team.owner.id);
    const first = await api("POST", "/api/snaps", { key: team.owner.key, body: { title: "Once", rows: 2, cols: 2 }, headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    // Same request, keys in another order and other spacing: the same canonical body.
    const retry = await api("POST", "/api/snaps", {
      key: team.owner.key,
      rawBody: '{ "cols": 2, "rows": 2, "title": "Once" }',
      headers: { "idempotency-key": key, "content-type": "application/json" },
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(await countSnaps(team.owner.id)).toBe(before + 1);
    expect(await countCards(first.body.snap.id)).toBe(4);

    // Through the session too: the key belongs to the user, not to the credential.
    const viaCookie = await api("POST", "/api/snaps", {
      cookie: team.owner.cookie,
      body: { title: "Once", rows: 2, cols: 2 },
      headers: { "idempotency-key": key },
    });
    expect(viaCookie.body).toEqual(first.body);
    expect(await countSnaps(team.owner.id)).toBe(before + 1);
  });

  it("makes a retried POST /changes (the board's every save) apply once: the same version, the same cards, no second history entry", async () => {
    const created = await api("POST", "/api/snaps", { key: team.owner.key, body: { title: "Changes once", rows: 1, cols: 1 } });
    const snapId = created.body.snap.id as string;
    const cardId = created.body.snap.cards[0].id as string;
    const body = { create: [{ row: 3, col: 3, title: "Made offline" }], update: [{ id: cardId, title: "Typed offline" }] };
    const headers = { "idempotency-key": randomUUID(), "base-version": "1" };
    const first = await api("POST", `/api/snaps/${snapId}/changes`, { cookie: team.owner.cookie, body, headers });
    expect(first.status).toBe(200);
    // The answer was lost: the board sends the same change again, with the same key.
    const retry = await api("POST", `/api/snaps/${snapId}/changes`, { cookie: team.owner.cookie, body, headers });
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(await countCards(snapId)).toBe(2);
    const { rows } = await sql().query(`SELECT version FROM "Snap" WHERE id = $1`, [snapId]);
    expect(rows[0].version).toBe(first.body.version);
  });

  it("refuses the same key with another body, path or method: 409 IDEMPOTENCY_KEY_REUSED, nothing written", async () => {
    const key = randomUUID();
    const first = await api("POST", "/api/snaps", { key: team.owner.key, body: { title: "A" }, headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    const before = await countSnaps(team.owner.id);

    const otherBody = await api("POST", "/api/snaps", { key: team.owner.key, body: { title: "B" }, headers: { "idempotency-key": key } });
    expectError(otherBody, 409, "IDEMPOTENCY_KEY_REUSED");
    expect(otherBody.body.error.message).toMatch(/Idempotency-Key reused with a different request/);
    const otherPath = await api("POST", `/api/snaps/cards/${first.body.snap.id}`, {
      key: team.owner.key,
      body: { row: 1, col: 0 },
      headers: { "idempotency-key": key },
    });
    expectError(otherPath, 409, "IDEMPOTENCY_KEY_REUSED");
    expect(await countSnaps(team.owner.id)).toBe(before);
    expect(await countCards(first.body.snap.id)).toBe(1);
  });

  it("keeps keys per user", async () => {
    const key = randomUUID();
    const mine = await api("POST", "/api/folders", { key: team.owner.key, body: { name: "Mine" }, headers: { "idempotency-key": key } });
    const theirs = await api("POST", "/api/folders", { key: team.outsider.key, body: { name: "Mine" }, headers: { "idempotency-key": key } });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.folder.id).not.toBe(mine.body.folder.id);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
  });

  it("stores nothing for a failed create, so the same key may be retried once it is fixed", async () => {
    const snap = await insertSnap(team.owner);
    const key = randomUUID();
    const refused = await api("POST", "/api/snaps/cards/batch", {
      key: team.owner.key,
      body: {
        cards: [
          { snapId: snap.id, row: 0, col: 0 },
          { snapId: "no-such-snap", row: 0, col: 1 },
        ],
      },
      headers: { "idempotency-key": key },
    });
    expectError(refused, 404, "NOT_FOUND", ["cards.1.snapId"]);
    const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "IdempotencyKey" WHERE "userId" = $1 AND key = $2`, [team.owner.id, key]);
    expect(rows[0].n).toBe(0);

    const body = {
      cards: [
        { snapId: snap.id, row: 0, col: 0 },
        { snapId: snap.id, row: 0, col: 1 },
      ],
    };
    const created = await api("POST", "/api/snaps/cards/batch", { key: team.owner.key, body, headers: { "idempotency-key": key } });
    expect(created.status).toBe(201);
    const replayed = await api("POST", "/api/snaps/cards/batch", { key: team.owner.key, body, headers: { "idempotency-key": key } });
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.body).toEqual(created.body);
    expect(await countCards(snap.id)).toBe(2);
  });

  it("creates one thing for concurrent retries of one key", async () => {
    const snap = await insertSnap(team.owner);
    const key = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        api("POST", `/api/snaps/cards/${snap.id}`, { key: team.owner.key, body: { row: 5, col: 5, title: "only one" }, headers: { "idempotency-key": key } }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(201));
    expect(new Set(responses.map((response) => response.body.card.id)).size).toBe(1);
    expect(responses.filter((response) => response.headers.get("idempotent-replayed") === "true")).toHaveLength(7);
    expect(await countCards(snap.id)).toBe(1);
  });

  it("covers lines too, and ignores a key older than 24 hours", async () => {
    const snap = await insertSnap(team.owner, { cards: 2 });
    const key = randomUUID();
    const body = { fromCardId: snap.cardIds[0], toCardId: snap.cardIds[1] };
    const first = await api("POST", `/api/snaps/${snap.id}/lines`, { key: team.owner.key, body, headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    expect((await api("POST", `/api/snaps/${snap.id}/lines`, { key: team.owner.key, body, headers: { "idempotency-key": key } })).body).toEqual(first.body);

    await sql().query(`UPDATE "IdempotencyKey" SET "createdAt" = now() - interval '25 hours' WHERE "userId" = $1 AND key = $2`, [team.owner.id, key]);
    const afterExpiry = await api("POST", `/api/snaps/${snap.id}/lines`, { key: team.owner.key, body, headers: { "idempotency-key": key } });
    expect(afterExpiry.status).toBe(201);
    expect(afterExpiry.headers.get("idempotent-replayed")).toBeNull();
    expect(afterExpiry.body.line.id).not.toBe(first.body.line.id);
  });

  it.each([
    ["empty", ""],
    ["too long", "k".repeat(256)],
    ["not visible ASCII", "key with spaces"],
    ["non-ASCII", "clé"],
  ])("refuses an Idempotency-Key that is %s: 400, nothing written", async (_label, value) => {
    const before = await countSnaps(team.owner.id);
    const response = await api("POST", "/api/snaps", { key: team.owner.key, body: {}, headers: { "idempotency-key": value } });
    expectError(response, 400, "BAD_REQUEST", ["(header) Idempotency-Key"]);
    expect(await countSnaps(team.owner.id)).toBe(before);
  });

  it("accepts 255 visible characters, and leaves requests without the header unchanged", async () => {
    const response = await api("POST", "/api/snaps", { key: team.owner.key, body: {}, headers: { "idempotency-key": "~".repeat(255) } });
    expect(response.status).toBe(201);
    const plain = await Promise.all([1, 2].map(() => api("POST", "/api/snaps", { key: team.owner.key, body: { title: "plain" } })));
    expect(plain[0]!.body.snap.id).not.toBe(plain[1]!.body.snap.id);
  });
});
