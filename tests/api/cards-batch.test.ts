import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { createTeam, sql, type Team } from "./fixtures";
import { countCards, expectCard, expectError, insertSnap, newId, snapUpdatedAt, storedCards, type SnapFixture } from "./card-fixtures";

let team: Team;
/** Someone else's private snap: any item aimed at it must refuse the whole batch. */
let foreignSnap: SnapFixture;

beforeAll(async () => {
  team = await createTeam();
  foreignSnap = await insertSnap(team.admin, { cards: 2 });
});

const todo = (snapId: string, i: number) => ({ snapId, row: 1 + Math.floor(i / 10), col: i % 10, title: `todo ${i}`, cellType: "todo", completed: false });

/** Every stored field of the cards plus the snap's updatedAt: what a refused batch must leave alone. */
async function snapshot(snap: SnapFixture, ids: readonly string[] = snap.cardIds) {
  const cards = await storedCards(ids);
  return { count: await countCards(snap.id), updatedAt: await snapUpdatedAt(snap.id), cards: ids.map((id) => cards.get(id)) };
}

/** Shuffles a copy (Fisher-Yates), so concurrent batches name the same cards in different orders. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe("POST /api/snaps/cards/batch", () => {
  it("creates 100 cards in one go: 201 {cards} in request order, with the full card shape", async () => {
    const snap = await insertSnap(team.owner);
    const cards = Array.from({ length: 100 }, (_, i) => todo(snap.id, i));
    cards[3] = { ...cards[3]!, ...{ color: "#ff0000", note: "urgent", bold: true, rowSpan: 2 } };
    const before = await snapUpdatedAt(snap.id);

    const response = await api("POST", "/api/snaps/cards/batch", { key: team.owner.key, body: { cards } });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(["cards"]);
    expect(response.body.cards).toHaveLength(100);
    response.body.cards.forEach((card: unknown, i: number) => expectCard(card, cards[i]!));
    expect(new Set(response.body.cards.map((card: { id: string }) => card.id)).size).toBe(100);

    const stored = await storedCards(response.body.cards.map((card: { id: string }) => card.id));
    for (const card of response.body.cards) expect(stored.get(card.id)).toEqual(card);
    expect(await countCards(snap.id)).toBe(100);
    expect(await snapUpdatedAt(snap.id)).toBeGreaterThan(before);
  });

  it("creates cards in several snaps at once", async () => {
    const [a, b] = await Promise.all([insertSnap(team.owner), insertSnap(team.owner)]);
    const response = await api("POST", "/api/snaps/cards/batch", { key: team.owner.key, body: { cards: [todo(a.id, 0), todo(b.id, 1), todo(a.id, 2)] } });
    expect(response.status).toBe(201);
    expect(response.body.cards.map((card: { snapId: string }) => card.snapId)).toEqual([a.id, b.id, a.id]);
    expect([await countCards(a.id), await countCards(b.id)]).toEqual([2, 1]);
  });

  it("refuses 101 cards (400 naming cards) and writes nothing", async () => {
    const snap = await insertSnap(team.owner);
    const response = await api("POST", "/api/snaps/cards/batch", {
      key: team.owner.key,
      body: { cards: Array.from({ length: 101 }, (_, i) => todo(snap.id, i)) },
    });
    expectError(response, 400, "BAD_REQUEST", ["cards"]);
    expect(await countCards(snap.id)).toBe(0);
  });

  it("takes 100 cards at their largest (title and note of 10,000 two-byte characters: a 4 MB body)", async () => {
    const snap = await insertSnap(team.owner);
    const cards = Array.from({ length: 100 }, (_, i) => ({ snapId: snap.id, row: i, col: 0, title: "é".repeat(10_000), note: "ü".repeat(10_000) }));
    const response = await api("POST", "/api/snaps/cards/batch", { key: team.owner.key, body: { cards } });
    expect(response.status).toBe(201);
    response.body.cards.forEach((card: unknown, i: number) => expectCard(card, cards[i]!));

    const updates = response.body.cards.map((card: { id: string }) => ({ id: card.id, note: "ö".repeat(10_000) }));
    const updated = await api("PATCH", "/api/snaps/cards/batch", { key: team.owner.key, body: { updates } });
    expect(updated.status).toBe(200);
    expect(updated.body.cards.every((card: { note: string }) => card.note === "ö".repeat(10_000))).toBe(true);
  });

  it("refuses a body over 8 MB with 413, before reading it as cards", async () => {
    const snap = await insertSnap(team.owner);
    const body = { cards: [todo(snap.id, 0)], padding: "x".repeat(8_000_000) };
    expectError(await api("POST", "/api/snaps/cards/batch", { key: team.owner.key, body }), 413, "PAYLOAD_TOO_LARGE");
    expectError(await api("PATCH", "/api/snaps/cards/batch", { key: team.owner.key, body: { updates: [], padding: body.padding } }), 413, "PAYLOAD_TOO_LARGE");
    expect(await countCards(snap.id)).toBe(0);
  });

  it.each([
    ["an empty list", { cards: [] }, ["cards"]],
    ["no list", {}, ["cards"]],
    ["cards as an object", { cards: { 0: {} } }, ["cards"]],
    ["an unknown top-level field", { cards: [], atomic: false }, ["cards", "(body)"]],
  ])("refuses %s", async (_label, body, paths) => {
    expectError(await api("POST", "/api/snaps/cards/batch", { key: team.owner.key, body }), 400, "BAD_REQUEST", paths);
  });

  describe("is all or nothing", () => {
    let snap: SnapFixture;
    beforeAll(async () => {
      snap = await insertSnap(team.owner, { cards: 2 });
    });

    const refused: [string, (snapId: string) => Record<string, unknown>[], number, string, string[]][] = [
      [
        "one invalid item at the end",
        (id) => [...Array.from({ length: 99 }, (_, i) => todo(id, i)), { ...todo(id, 99), cellOpacity: 101 }],
        400,
        "BAD_REQUEST",
        ["cards.99.cellOpacity"],
      ],
      ["an item without snapId", (id) => [todo(id, 0), { row: 0, col: 0, title: "orphan", cellType: "todo" }], 400, "BAD_REQUEST", ["cards.1.snapId"]],
      ["an unknown field in one item", (id) => [todo(id, 0), todo(id, 1), { ...todo(id, 2), priority: 1 }], 400, "BAD_REQUEST", ["cards.2"]],
      ["an unknown snap", (id) => [todo(id, 0), todo(id, 1), todo(id, 2), todo(id, 3), todo(id, 4), todo(newId(), 5)], 404, "NOT_FOUND", ["cards.5.snapId"]],
      [
        "another user's private snap",
        (id) => [...Array.from({ length: 7 }, (_, i) => todo(id, i)), todo(foreignSnap.id, 7), todo(id, 8)],
        403,
        "FORBIDDEN",
        ["cards.7.snapId"],
      ],
    ];
    it.each(refused)("refuses %s, naming the item, and writes nothing", async (_label, build, status, code, paths) => {
      const before = await snapshot(snap);
      const foreignBefore = await snapshot(foreignSnap);
      const response = await api("POST", "/api/snaps/cards/batch", { key: team.owner.key, body: { cards: build(snap.id) } });
      expectError(response, status, code, paths);
      expect(await snapshot(snap)).toEqual(before);
      expect(await snapshot(foreignSnap)).toEqual(foreignBefore);
    });
  });

  it("survives concurrent creates into one snap: every batch lands whole", async () => {
    const snap = await insertSnap(team.owner);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, b) =>
        api("POST", "/api/snaps/cards/batch", {
          key: b % 2 ? team.owner.key : undefined,
          cookie: b % 2 ? undefined : team.owner.cookie,
          body: { cards: Array.from({ length: 25 }, (_, i) => ({ snapId: snap.id, row: b, col: i, title: `batch ${b}` })) },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(201));
    const ids = responses.flatMap((response) => response.body.cards.map((card: { id: string }) => card.id));
    expect(new Set(ids).size).toBe(200);
    expect(await countCards(snap.id)).toBe(200);
    const { rows } = await sql().query(
      `SELECT row, count(*)::int AS n, min(title) = max(title) AS same FROM "Card" WHERE "snapId" = $1 GROUP BY row ORDER BY row`,
      [snap.id],
    );
    expect(rows).toEqual(Array.from({ length: 8 }, (_, b) => ({ row: b, n: 25, same: true })));
  });
});

describe("PATCH /api/snaps/cards/batch", () => {
  it("updates 100 cards: 200 {cards} in request order, each with only its own fields changed", async () => {
    const snap = await insertSnap(team.owner, { cards: 100 });
    const before = await snapUpdatedAt(snap.id);
    const updates = snap.cardIds.map((id, i) =>
      i % 2 ? { id, title: `odd ${i}`, completed: true } : { id, col: i + 100, textAlign: "center", cellOpacity: 50 },
    );
    const reversed = [...updates].reverse();

    const response = await api("PATCH", "/api/snaps/cards/batch", { key: team.owner.key, body: { updates: reversed } });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(["cards"]);
    expect(response.body.cards.map((card: { id: string }) => card.id)).toEqual(reversed.map((update) => update.id));
    const index = (id: string) => snap.cardIds.indexOf(id);
    for (const card of response.body.cards) {
      const i = index(card.id);
      const base = { id: card.id, snapId: snap.id, row: 0, col: i, title: `card ${i}` };
      expectCard(card, { ...base, ...updates[i] });
    }
    const stored = await storedCards(snap.cardIds);
    for (const card of response.body.cards) expect(stored.get(card.id)).toEqual(card);
    expect(await snapUpdatedAt(snap.id)).toBeGreaterThan(before);
  });

  it("refuses 101 updates (400 naming updates) and writes nothing", async () => {
    const snap = await insertSnap(team.owner, { cards: 101 });
    const before = await snapshot(snap);
    const response = await api("PATCH", "/api/snaps/cards/batch", { key: team.owner.key, body: { updates: snap.cardIds.map((id) => ({ id, title: "x" })) } });
    expectError(response, 400, "BAD_REQUEST", ["updates"]);
    expect(await snapshot(snap)).toEqual(before);
  });

  it.each([
    ["an empty list", { updates: [] }, ["updates"]],
    ["no list", {}, ["updates"]],
    ["an item without id", { updates: [{ title: "x" }] }, ["updates.0.id"]],
  ])("refuses %s", async (_label, body, paths) => {
    expectError(await api("PATCH", "/api/snaps/cards/batch", { key: team.owner.key, body }), 400, "BAD_REQUEST", paths);
  });

  describe("is all or nothing", () => {
    let snap: SnapFixture;
    beforeAll(async () => {
      snap = await insertSnap(team.owner, { cards: 50 });
    });
    const retitle = (ids: readonly string[]) => ids.map((id, i) => ({ id, title: `changed ${i}`, bold: true }));

    const refused: [string, (ids: string[]) => Record<string, unknown>[], number, string, string[]][] = [
      ["one invalid item at the end", (ids) => [...retitle(ids.slice(0, 49)), { id: ids[49], borderSize: 9 }], 400, "BAD_REQUEST", ["updates.49.borderSize"]],
      ["a snapId in one item", (ids) => [...retitle(ids.slice(0, 10)), { id: ids[10], snapId: foreignSnap.id }], 400, "BAD_REQUEST", ["updates.10"]],
      [
        "one unknown card id",
        (ids) => [...retitle(ids.slice(0, 3)), { id: newId(), title: "ghost" }, ...retitle(ids.slice(3))],
        404,
        "NOT_FOUND",
        ["updates.3.id"],
      ],
      ["a duplicate card id", (ids) => [...retitle(ids.slice(0, 20)), { id: ids[5], title: "twice" }], 400, "BAD_REQUEST", ["updates.20.id"]],
      [
        "a card of another user's private snap",
        (ids) => [...retitle(ids.slice(0, 30)), { id: foreignSnap.cardIds[1], title: "mine now" }, ...retitle(ids.slice(30, 40))],
        403,
        "FORBIDDEN",
        ["updates.30.id"],
      ],
    ];
    it.each(refused)("refuses %s, naming the item, and writes nothing", async (_label, build, status, code, paths) => {
      const before = await snapshot(snap);
      const foreignBefore = await snapshot(foreignSnap);
      const response = await api("PATCH", "/api/snaps/cards/batch", { key: team.owner.key, body: { updates: build(snap.cardIds) } });
      expectError(response, status, code, paths);
      expect(await snapshot(snap)).toEqual(before);
      expect(await snapshot(foreignSnap)).toEqual(foreignBefore);
    });
  });

  it("serializes concurrent batches over the same 50 cards in different orders: all 200, each card from one batch", async () => {
    const snap = await insertSnap(team.owner, { cards: 50 });
    const batches = Array.from({ length: 8 }, (_, b) =>
      shuffled(snap.cardIds, b + 1).map((id) => ({ id, title: `batch ${b} card ${snap.cardIds.indexOf(id)}`, note: `batch ${b}`, row: b })),
    );
    const responses = await Promise.all(batches.map((updates) => api("PATCH", "/api/snaps/cards/batch", { key: team.owner.key, body: { updates } })));
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    responses.forEach((response, b) => {
      expect(response.body.cards.map((card: { id: string; note: string; row: number }) => [card.id, card.note, card.row])).toEqual(
        batches[b]!.map((update) => [update.id, `batch ${b}`, b]),
      );
    });

    const stored = await storedCards(snap.cardIds);
    const winners = new Set([...stored.values()].map((card) => card.note));
    expect(winners.size).toBe(1);
    const winner = Number(String([...winners][0]).replace("batch ", ""));
    snap.cardIds.forEach((id, i) => expect(stored.get(id)).toMatchObject({ title: `batch ${winner} card ${i}`, note: `batch ${winner}`, row: winner }));
  });

  it("does not deadlock when concurrent batches span two snaps in opposite orders, mixed with single updates", async () => {
    const [a, b] = await Promise.all([insertSnap(team.owner, { cards: 20 }), insertSnap(team.owner, { cards: 20 })]);
    const forward = [...a.cardIds, ...b.cardIds];
    const backward = [...b.cardIds, ...a.cardIds].reverse();
    const requests = [
      ...Array.from({ length: 6 }, (_, k) =>
        api("PATCH", "/api/snaps/cards/batch", { key: team.owner.key, body: { updates: (k % 2 ? forward : backward).map((id) => ({ id, title: `k${k}` })) } }),
      ),
      ...[a.cardIds[0], b.cardIds[19], a.cardIds[10]].map((id) => api("PATCH", `/api/snaps/cards/${id}`, { key: team.owner.key, body: { completed: true } })),
      api("POST", "/api/snaps/cards/batch", { key: team.owner.key, body: { cards: [todo(b.id, 0), todo(a.id, 1)] } }),
    ];
    const responses = await Promise.all(requests);
    expect(responses.map((response) => response.status)).toEqual([...Array(9).fill(200), 201]);
    const titles = new Set([...(await storedCards(forward)).values()].map((card) => card.title));
    expect(titles.size).toBe(1);
  });
});
