import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { startAppServer, type AppServer } from "../setup/app-server";
import { expectError, insertSnap } from "./card-fixtures";
import { createTeam } from "./fixtures";
import { api, baseUrl, createKey, databaseUrl, signUp, documentedFetch } from "./helpers";

/** A second instance of the app on the same database, as in a scaled-out deployment. */
describe("several instances on one database", () => {
  let second: AppServer;
  beforeAll(async () => {
    second = await startAppServer({ databaseUrl, authSecret: inject("authSecret") });
  }, 90_000);
  afterAll(() => second?.stop());

  it("a key revoked through one instance is refused by the other at the very next request", async () => {
    const user = await signUp("instances");
    const key = await createKey(user, "shared");
    const onSecond = () => documentedFetch(`${second.baseUrl}/api/snaps`, { headers: { authorization: `Bearer ${key}` } });
    expect((await onSecond()).status).toBe(200);
    expect((await api("GET", "/api/snaps", { key })).status).toBe(200);

    const { body } = await api("GET", "/api/keys", { cookie: user.cookie });
    await api("DELETE", `/api/keys/${body.apiKeys[0].id}`, { cookie: user.cookie });

    expect((await onSecond()).status).toBe(401);
    expect((await api("GET", "/api/snaps", { key })).status).toBe(401);
  });

  it("a snap read through one instance shows at once what was written through the other (cached bodies follow the database)", async () => {
    const team = await createTeam();
    const snap = await insertSnap(team.owner, { cards: 2, sharedWithWorkspace: true });
    const onFirst = (key: string) => api("GET", `/api/snaps/${snap.id}`, { key });
    const first = await onFirst(team.member.key);
    expect(first.body.snap.title).toBe("Untitled Snap");
    expect((await onFirst(team.member.key)).body).toEqual(first.body);

    const onSecond = (method: string, path: string, body: unknown) =>
      documentedFetch(`${second.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${team.owner.key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await onSecond("PATCH", `/api/snaps/${snap.id}`, { title: "Renamed" })).status).toBe(200);
    expect((await onSecond("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { title: "edited" })).status).toBe(200);
    const folder = await (await onSecond("POST", "/api/folders", { name: "Before" })).json();
    expect((await onSecond("PATCH", `/api/snaps/${snap.id}`, { folderId: folder.folder.id })).status).toBe(200);
    const inFolder = await onFirst(team.member.key);
    expect(inFolder.body.snap).toMatchObject({ title: "Renamed", folder: { id: folder.folder.id, name: "Before" } });
    expect(inFolder.body.snap.cards[0].title).toBe("edited");

    expect((await onSecond("PATCH", `/api/folders/${folder.folder.id}`, { name: "After" })).status).toBe(200);
    const renamed = await onFirst(team.member.key);
    expect(renamed.body.snap.folder).toEqual({ id: folder.folder.id, name: "After" });
    expect(renamed.headers.get("etag")).not.toBe(inFolder.headers.get("etag"));

    // Unshared through the other instance: the member's next read is refused although the body is cached here.
    expect((await onSecond("PATCH", `/api/snaps/${snap.id}`, { sharedWithWorkspace: false })).status).toBe(200);
    expectError(await onFirst(team.member.key), 403, "FORBIDDEN");
    expect((await onFirst(team.owner.key)).body.snap.sharedWithWorkspace).toBe(false);
  });

  it("a session cookie from one instance works on the other", async () => {
    const user = await signUp("instances-cookie");
    const response = await documentedFetch(`${second.baseUrl}/api/snaps`, { headers: { cookie: user.cookie } });
    expect(response.status).toBe(200);
    expect(baseUrl).not.toBe(second.baseUrl);
  });
});

describe("health when the database is unreachable", () => {
  let orphan: AppServer;
  beforeAll(async () => {
    orphan = await startAppServer({
      databaseUrl: "postgres://postgres@127.0.0.1:1/nowhere",
      authSecret: inject("authSecret"),
      waitForHealthy: false,
    });
  }, 90_000);
  afterAll(() => orphan?.stop());

  it("answers 503, and the API says the service is unavailable rather than crashing", async () => {
    const health = await documentedFetch(`${orphan.baseUrl}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: "degraded", database: "unreachable" });

    const snaps = await documentedFetch(`${orphan.baseUrl}/api/snaps`, { headers: { authorization: `Bearer service_sk_${"A".repeat(48)}` } });
    expect(snaps.status).toBe(503);
    expect((await snaps.json()).error.code).toBe("SERVICE_UNAVAILABLE");
  });
});
