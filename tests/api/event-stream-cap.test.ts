/**
 * Every kind of event stream shares one per-user cap (lib/live/stream-quota.ts), and a
 * notification stream ends on the signals that end snap streams (docs/SECURITY.md, "Probe findings,
 * round two"): on a server with the heap cap `npm start` gives it (scripts/server-node-options.ts).
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SERVER_HEAP_MB, serverNodeOptions } from "../../scripts/server-node-options";
import { startAppServer, type AppServer } from "../setup/app-server";
import { insertSnap } from "./card-fixtures";
import { createTeam, type Team } from "./fixtures";
import { api, databaseUrl, signIn, TEST_PASSWORD } from "./helpers";
import { openEventStream, openNotificationStream, type EventStream } from "./live-helpers";
import { obtainTokens } from "./oauth-helpers";

const METRICS_TOKEN = randomBytes(24).toString("base64url");
const CAP = 20;

let server: AppServer;
let team: Team;
const streams: EventStream[] = [];

beforeAll(async () => {
  [server, team] = await Promise.all([
    startAppServer({
      databaseUrl,
      authSecret: inject("authSecret"),
      env: { NODE_OPTIONS: serverNodeOptions(""), METRICS_TOKEN, LIVE_MAX_STREAMS_PER_USER: String(CAP) },
    }),
    createTeam(),
  ]);
}, 120_000);

afterAll(async () => {
  streams.forEach((stream) => stream.close());
  await server?.stop();
});

async function heapUsedBytes(): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split("\n").find((candidate) => candidate.startsWith("nodejs_heap_size_used_bytes "));
  return Number(line?.split(" ")[1]);
}

describe("one cap for every kind of event stream", { timeout: 120_000 }, () => {
  it(`${CAP} streams of a user, snap and notification ones together; past them 429 with Retry-After; the heap stays under its cap`, async () => {
    const { owner } = team;
    const on = { baseUrl: server.baseUrl };
    const snap = await insertSnap(owner);
    for (let index = 0; index < CAP; index++) {
      const caller = index % 3 === 0 ? { cookie: owner.cookie } : { key: owner.key };
      const stream = index % 2 ? await openEventStream(snap.id, caller, on) : await openNotificationStream(caller, on);
      streams.push(stream);
      expect(stream.status).toBe(200);
      await stream.next("ready");
    }

    // 300 more, of both kinds and both credentials, 10 at a time (more at once would wait for the
    // database pool, which answers 503 past its timeout): each refused, none held.
    const refused: EventStream[] = [];
    for (let round = 0; round < 30; round++) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, index) => {
          const caller = index % 2 ? { cookie: owner.cookie } : { key: owner.key };
          return (round + index) % 3 ? openNotificationStream(caller, on) : openEventStream(snap.id, caller, on);
        }),
      );
      batch.forEach((stream) => stream.close());
      refused.push(...batch);
    }
    expect(new Set(refused.map((stream) => stream.status))).toEqual(new Set([429]));
    for (const stream of refused.slice(0, 3)) {
      expect(stream.error.error.code).toBe("RATE_LIMITED");
      expect(Number(stream.headers.get("retry-after"))).toBeGreaterThan(0);
    }

    // Another user still gets a stream of each kind.
    const other = [await openNotificationStream({ key: team.member.key }, on), await openEventStream(snap.id, { key: team.owner.key }, on)];
    streams.push(...other);
    expect(other.map((stream) => stream.status)).toEqual([200, 429]);
    const memberStream = await openNotificationStream({ cookie: team.member.cookie }, on);
    streams.push(memberStream);
    expect(memberStream.status).toBe(200);

    expect((await api("GET", "/api/health", { baseUrl: server.baseUrl })).status).toBe(200);
    expect(await heapUsedBytes()).toBeLessThan(SERVER_HEAP_MB * 2 ** 20);
  });
});

describe("a notification stream ends when what opened it ends", { timeout: 60_000 }, () => {
  it("a revoked API key, a revoked connected app, a signed-out session: access-revoked, then the end", async () => {
    const { outsider: user } = team;
    const on = { baseUrl: server.baseUrl };
    // A session of its own (signing out everywhere ends the team's cookie of this user too, unused after).
    const cookie = (await signIn(user.email, TEST_PASSWORD, server.baseUrl))!;
    const { tokens } = await obtainTokens({ ...user, cookie }, {}, server.baseUrl);
    const [byKey, byApp, bySession] = [
      await openNotificationStream({ key: user.key }, on),
      await openNotificationStream({ key: tokens.access_token }, on),
      await openNotificationStream({ cookie }, on),
    ];
    streams.push(byKey, byApp, bySession);
    for (const stream of [byKey, byApp, bySession]) await stream.next("ready");

    const keys = (await api("GET", "/api/keys", { cookie: user.cookie })).body.apiKeys;
    const keyId = keys.find((key: { prefix: string }) => user.key.startsWith(key.prefix)).id;
    expect((await api("DELETE", `/api/keys/${keyId}`, { cookie: user.cookie })).status).toBe(200);
    expect((await byKey.next("access-revoked")).data.message).toBe("The API key of this stream was revoked");
    await byKey.ended;

    const [app] = (await api("GET", "/api/account/connected-apps", { cookie: user.cookie })).body.apps;
    expect((await api("DELETE", `/api/account/connected-apps/${app.id}`, { cookie: user.cookie })).status).toBe(200);
    expect((await byApp.next("access-revoked")).data.message).toBe("The connected app of this stream was revoked");
    await byApp.ended;

    expect((await api("POST", "/api/account/sign-out-everywhere", { cookie, baseUrl: server.baseUrl })).status).toBe(200);
    expect((await bySession.next("access-revoked")).data.message).toBe("You were signed out");
    await bySession.ended;
  });
});
