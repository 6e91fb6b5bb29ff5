import { beforeAll, describe, expect, it } from "vitest";
import { countCards, expectError, insertSnap, newId } from "./card-fixtures";
import { createTeam, sql, type Team } from "./fixtures";
import { api } from "./helpers";

let team: Team;
let memberName: string;

beforeAll(async () => {
  team = await createTeam();
  const { rows } = await sql().query<{ name: string }>(`SELECT name FROM "User" WHERE id = $1`, [team.member.id]);
  memberName = rows[0]!.name;
});

/** A snap the owner and the member both edit, at a known version. */
async function sharedSnap(cards = 3) {
  const snap = await insertSnap(team.owner, { cards, sharedWithWorkspace: true, shareMode: "edit" });
  const read = await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key });
  return { ...snap, version: read.body.snap.version as number };
}

const changes = (snapId: string, key: string, body: unknown, headers: Record<string, string> = {}) =>
  api("POST", `/api/snaps/${snapId}/changes`, { key, body, headers });

describe("POST /api/snaps/:id/changes merging a change made earlier (docs/API.md, Changes: Merging)", () => {
  it("names each field it set over someone else's write made since its Base-Version, with their value", async () => {
    const snap = await sharedSnap();
    const [a, b, c] = snap.cardIds as [string, string, string];
    // The member writes while the owner's change waits (made on snap.version).
    const theirs = await changes(snap.id, team.member.key, {
      update: [
        { id: a, title: "Carol's" },
        { id: b, color: "#fee2e2" },
        { id: c, title: "same" },
      ],
    });
    expect(theirs.status).toBe(200);
    const mine = await changes(
      snap.id,
      team.owner.key,
      {
        update: [
          { id: a, title: "Mine" },
          { id: b, row: 2 },
          { id: c, title: "same" },
        ],
      },
      { "base-version": String(snap.version) },
    );
    expect(mine.status).toBe(200);
    // b: they set its colour, I its row (nothing lost); c: we both set the same title (nothing lost).
    expect(mine.body.overwritten).toEqual([
      { cardId: a, field: "title", by: { userId: team.member.id, name: memberName }, version: snap.version + 1, value: "Carol's" },
    ]);
    expect(mine.body.missing).toEqual([]);
    expect(mine.body.updated[0].title).toBe("Mine");
    // Later write wins; theirs stays in the history.
    const history = await api("GET", `/api/snaps/${snap.id}/versions/${snap.version + 1}`, { key: team.owner.key });
    expect(history.status).toBe(200);
    expect(history.body.snap.cards.find((card: { id: string }) => card.id === a).title).toBe("Carol's");
  });

  it("names nothing without a Base-Version, with the current one, or for the caller's own writes", async () => {
    const snap = await sharedSnap();
    const [a] = snap.cardIds as [string];
    await changes(snap.id, team.owner.key, { update: [{ id: a, title: "my first" }] });
    const own = await changes(snap.id, team.owner.key, { update: [{ id: a, title: "my second" }] }, { "base-version": String(snap.version) });
    expect(own.body.overwritten).toEqual([]);
    await changes(snap.id, team.member.key, { update: [{ id: a, title: "theirs" }] });
    const unnoted = await changes(snap.id, team.owner.key, { update: [{ id: a, title: "mine" }] });
    expect(unnoted.body.overwritten).toEqual([]);
    const current = await changes(snap.id, team.owner.key, { update: [{ id: a, title: "mine again" }] }, { "base-version": String(unnoted.body.version) });
    expect(current.body.overwritten).toEqual([]);
  });

  it("with skipMissing leaves out a card deleted meanwhile, says who deleted it, and does not bring it back", async () => {
    const snap = await sharedSnap();
    const [a, b, c] = snap.cardIds as [string, string, string];
    const deleted = await changes(snap.id, team.member.key, { delete: [a] });
    expect(deleted.status).toBe(200);
    // Without skipMissing the change is refused whole, as before.
    expectError(
      await changes(snap.id, team.owner.key, {
        update: [
          { id: a, title: "Mine" },
          { id: b, title: "Also mine" },
        ],
      }),
      404,
      "NOT_FOUND",
      ["update.0.id"],
    );

    const other = await insertSnap(team.owner, { cards: 1 });
    const mine = await changes(
      snap.id,
      team.owner.key,
      {
        update: [
          { id: a, title: "Mine" },
          { id: b, title: "Also mine" },
          { id: other.cardIds[0]!, title: "elsewhere" },
        ],
        delete: [c],
        skipMissing: true,
      },
      { "base-version": String(snap.version) },
    );
    expect(mine.status).toBe(200);
    expect(mine.body.updated.map((card: { id: string }) => card.id)).toEqual([b]);
    expect(mine.body.deleted).toEqual([c]);
    // A card of another snap is not told apart from one never seen: no one is named.
    expect(mine.body.missing).toEqual([
      { cardId: a, deletedBy: { userId: team.member.id, name: memberName }, version: deleted.body.version },
      { cardId: other.cardIds[0], deletedBy: null, version: null },
    ]);
    expect(await countCards(snap.id)).toBe(1);
    const untouched = await api("GET", `/api/snaps/cards/${other.cardIds[0]}`, { key: team.owner.key });
    expect(untouched.body.card.title).toBe("card 0");

    // Nothing left to write: no new version.
    const nothing = await changes(snap.id, team.owner.key, {
      update: [
        { id: a, title: "again" },
        { id: newId(), title: "never was" },
      ],
      skipMissing: true,
    });
    expect(nothing.status).toBe(200);
    expect(nothing.body.version).toBe(mine.body.version);
    expect(nothing.body.missing.map((item: { cardId: string }) => item.cardId)).toHaveLength(2);
  });

  it("checks skipMissing's type and keeps path names of the items as sent", async () => {
    const snap = await sharedSnap(2);
    const [a, b] = snap.cardIds as [string, string];
    expectError(await changes(snap.id, team.owner.key, { update: [{ id: a, title: "x" }], skipMissing: "yes" }), 400, "BAD_REQUEST", ["skipMissing"]);
    await changes(snap.id, team.member.key, { delete: [a] });
    // b is update.1 as sent, though a was left out.
    const overlap = await changes(snap.id, team.owner.key, {
      update: [
        { id: a, title: "x" },
        { id: b, row: 0, col: 0 },
      ],
      create: [{ row: 0, col: 0 }],
      skipMissing: true,
    });
    expect(overlap.status).toBe(409);
    expect(JSON.stringify(overlap.body.error.details)).toContain("update.1");
  });
});
