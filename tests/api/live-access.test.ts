import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { insertSnap } from "./card-fixtures";
import { createTeam, type Team } from "./fixtures";
import { api, createKey } from "./helpers";
import { openEventStream, type EventStream } from "./live-helpers";

let team: Team;
const open: EventStream[] = [];

beforeAll(async () => {
  team = await createTeam();
});
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});

async function watch(snapId: string, key: string) {
  const stream = await openEventStream(snapId, { key });
  open.push(stream);
  expect((await stream.next("ready")).event).toBe("ready");
  return stream;
}

describe("live streams when access changes", () => {
  it("a viewer whose snap is unshared gets access-revoked and the stream closes; the owner's goes on", async () => {
    const snap = await insertSnap(team.owner, { cards: 1, sharedWithWorkspace: true });
    const member = await watch(snap.id, team.member.key);
    const owner = await watch(snap.id, team.owner.key);
    expect((await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { sharedWithWorkspace: false } })).status).toBe(200);

    expect(await member.next("access-revoked")).toEqual({ event: "access-revoked", data: { message: "This board is no longer shared with you" } });
    await member.ended;
    expect((await owner.next("change")).data.snap).toMatchObject({ sharedWithWorkspace: false });
  });

  it("a viewer removed from the workspace gets access-revoked", async () => {
    const local = await createTeam();
    const snap = await insertSnap(local.owner, { cards: 1, sharedWithWorkspace: true });
    const member = await watch(snap.id, local.member.key);
    const removed = await api("DELETE", `/api/workspace/members/${local.member.id}`, { key: local.admin.key });
    expect(removed.status).toBe(200);
    expect((await member.next("access-revoked")).data.message).toBe("You were removed from this board's workspace");
    await member.ended;
  });

  it("viewers of a snap whose owner leaves the workspace lose it (the snap moves and is unshared)", async () => {
    const local = await createTeam();
    const snap = await insertSnap(local.owner, { cards: 1, sharedWithWorkspace: true });
    const member = await watch(snap.id, local.member.key);
    const owner = await watch(snap.id, local.owner.key);
    expect((await api("DELETE", `/api/workspace/members/${local.owner.id}`, { key: local.admin.key })).status).toBe(200);
    expect((await member.next("access-revoked")).data.message).toBe("This board is no longer shared with you");
    // The owner keeps reading their own snap.
    await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { key: local.owner.key, body: { title: "still mine" } });
    expect((await owner.next("change")).data.cards[0].title).toBe("still mine");
  });

  it("a role change keeps a viewer who may still read", async () => {
    const local = await createTeam();
    const snap = await insertSnap(local.owner, { cards: 1, sharedWithWorkspace: true });
    const member = await watch(snap.id, local.member.key);
    expect((await api("PATCH", `/api/workspace/members/${local.member.id}`, { key: local.admin.key, body: { role: "admin" } })).status).toBe(200);
    await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { key: local.owner.key, body: { title: "seen" } });
    expect((await member.next("change")).data.cards[0].title).toBe("seen");
  });

  it("a stream opened with an API key ends when the key is revoked; the user's other streams go on", async () => {
    const local = await createTeam();
    const snap = await insertSnap(local.owner, { cards: 1 });
    const integrationKey = await createKey(local.owner, "integration");
    const viaRevokedKey = await watch(snap.id, integrationKey);
    const viaOtherKey = await watch(snap.id, local.owner.key);

    const { body } = await api("GET", "/api/keys", { cookie: local.owner.cookie });
    const keyId = body.apiKeys.find((key: { prefix: string }) => key.prefix === integrationKey.slice(0, 20)).id;
    expect((await api("DELETE", `/api/keys/${keyId}`, { cookie: local.owner.cookie })).status).toBe(200);

    expect(await viaRevokedKey.next("access-revoked")).toEqual({ event: "access-revoked", data: { message: "The API key of this stream was revoked" } });
    await viaRevokedKey.ended;
    await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { key: local.owner.key, body: { title: "after revoking" } });
    expect((await viaOtherKey.next("change")).data.cards[0].title).toBe("after revoking");
  });
});
