import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppServer, type AppServer } from "../setup/app-server";
import { expectError, insertSnap } from "./card-fixtures";
import { createTeam, type Team } from "./fixtures";
import { api } from "./helpers";
import { openEventStream, type EventStream, type SseMessage } from "./live-helpers";

/** Two app instances on one database: streams on either see writes and viewers of both. */
describe("live updates across two instances", () => {
  let second: AppServer;
  let team: Team;
  const open: EventStream[] = [];

  beforeAll(async () => {
    [second, team] = await Promise.all([startAppServer({ databaseUrl: inject("databaseUrl"), authSecret: inject("authSecret") }), createTeam()]);
  }, 90_000);
  afterAll(() => second?.stop());
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });

  async function watch(snapId: string, key: string, baseUrl?: string) {
    const stream = await openEventStream(snapId, { key }, { baseUrl });
    open.push(stream);
    return { stream, ready: await stream.next("ready") };
  }

  /** The next presence message whose viewers satisfy `wanted` (presence is re-sent on every change). */
  async function presenceUntil(stream: EventStream, wanted: (viewers: any[]) => boolean): Promise<SseMessage> {
    for (;;) {
      const message = await stream.next("presence");
      if (wanted(message.data.viewers)) return message;
    }
  }

  it("a change made through instance 1 reaches a stream on instance 2", async () => {
    const snap = await insertSnap(team.owner, { cards: 2, sharedWithWorkspace: true, shareMode: "edit" });
    const { stream, ready } = await watch(snap.id, team.member.key, second.baseUrl);
    const response = await api("PATCH", "/api/snaps/cards/batch", { key: team.owner.key, body: { updates: [{ id: snap.cardIds[1], col: 5 }] } });
    expect(response.status).toBe(200);
    const change = await stream.next("change");
    expect(change.data).toMatchObject({ version: ready.data.version + 1, cardFields: { [snap.cardIds[1]!]: ["col"] } });
    expect(change.data.cards[0].col).toBe(5);
  });

  it("presence: viewers on both instances, who edits which card, and who left", async () => {
    const snap = await insertSnap(team.owner, { cards: 2, sharedWithWorkspace: true, shareMode: "edit" });
    const owner = await watch(snap.id, team.owner.key);
    const member = await watch(snap.id, team.member.key, second.baseUrl);
    const ownerId = owner.ready.data.connectionId;
    const memberId = member.ready.data.connectionId;

    const both = (viewers: any[]) => viewers.length === 2;
    const seenByOwner = await presenceUntil(owner.stream, both);
    expect(seenByOwner.data.viewers).toEqual([
      { userId: team.member.id, name: "member", initials: "ME", connectionId: memberId, editingCardId: null },
      { userId: team.owner.id, name: "owner", initials: "OW", connectionId: ownerId, editingCardId: null },
    ]);
    await presenceUntil(member.stream, both);

    // The owner's stream is on instance 1; the PUT goes to instance 2, which passes it on.
    const put = await api("PUT", `/api/snaps/${snap.id}/presence`, {
      key: team.owner.key,
      baseUrl: second.baseUrl,
      body: { connectionId: ownerId, editingCardId: snap.cardIds[0] },
    });
    expect(put.status).toBe(204);
    const editing = await presenceUntil(member.stream, (viewers) => viewers.some((viewer) => viewer.editingCardId === snap.cardIds[0]));
    expect(editing.data.viewers.find((viewer: any) => viewer.userId === team.owner.id).connectionId).toBe(ownerId);

    // Someone else cannot mark the owner's connection.
    await api("PUT", `/api/snaps/${snap.id}/presence`, { key: team.member.key, body: { connectionId: ownerId, editingCardId: null } });
    member.stream.close();
    const alone = await presenceUntil(owner.stream, (viewers) => viewers.length === 1);
    expect(alone.data.viewers).toEqual([{ userId: team.owner.id, name: "owner", initials: "OW", connectionId: ownerId, editingCardId: snap.cardIds[0] }]);
  });

  it("PUT presence needs read access and a valid body", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    expectError(
      await api("PUT", `/api/snaps/${snap.id}/presence`, { key: team.member.key, body: { connectionId: "c_x", editingCardId: null } }),
      403,
      "FORBIDDEN",
    );
    expectError(
      await api("PUT", `/api/snaps/${snap.id}/presence`, { key: team.owner.key, body: { connectionId: "nope", editingCardId: null } }),
      400,
      "BAD_REQUEST",
      ["connectionId"],
    );
    expectError(
      await api("PUT", `/api/snaps/no-such-snap/presence`, { key: team.owner.key, body: { connectionId: "c_x", editingCardId: null } }),
      404,
      "NOT_FOUND",
    );
  });
});
