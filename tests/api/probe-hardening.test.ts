import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, documentedFetch } from "./helpers";
import { createTeam, sql, type Team } from "./fixtures";
import { expectError, insertSnap } from "./card-fixtures";
import { openEventStream, type EventStream } from "./live-helpers";

/**
 * What a probe of the API as an attacker and as a careless client found (docs/SECURITY.md, "Probe
 * findings (November 2026)"): each case here failed before its fix.
 */

let team: Team;
beforeAll(async () => {
  team = await createTeam();
});

describe("a session cookie that does not decode is no session", () => {
  it.each(["%E0%A4%A", "%", "%zz", "%E0%A4%A; other=1"])("authjs.session-token=%s → 401 on every API route, never 500", async (value) => {
    for (const path of ["/api/snaps", "/api/folders", "/api/keys", "/api/webhooks", "/api/workspace/members", "/api/invitations"]) {
      const response = await api("GET", path, { headers: { cookie: `authjs.session-token=${value}` } });
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
      expect(response.body.error.code).toBe("UNAUTHORIZED");
    }
    const secure = await api("GET", "/api/snaps", { headers: { cookie: `__Secure-authjs.session-token=${value}` } });
    expect(secure.status).toBe(401);
  });

  it("a good session cookie beside a broken one still works", async () => {
    const response = await api("GET", "/api/snaps", { headers: { cookie: `__Secure-authjs.session-token=%; ${team.owner.cookie}` } });
    expect(response.status).toBe(200);
  });
});

describe("prototype keys in record fields are refused, naming the field", () => {
  it.each([
    ["rowHeights", "__proto__"],
    ["colWidths", "__proto__"],
    ["rowHeights", "constructor"],
    ["colWidths", "prototype"],
  ])("PATCH %s with %s → 400, no new version", async (field, key) => {
    const snap = await insertSnap(team.owner);
    const before = await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key });
    const response = await api("PATCH", `/api/snaps/${snap.id}`, {
      key: team.owner.key,
      rawBody: `{"${field}":{"0":40,"${key}":{"x":1}}}`,
      headers: { "content-type": "application/json" },
    });
    expectError(response, 400, "BAD_REQUEST", [`${field}.${key}`]);
    expect(response.body.error.message).toContain(key);
    const after = await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key });
    expect(after.body.snap.version).toBe(before.body.snap.version);
    expect(after.body.snap[field]).toEqual({});
  });

  it("an imported document with __proto__ in snap.rowHeights → 400 naming it, nothing made", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const exported = await documentedFetch(`${baseUrl}/api/snaps/${snap.id}/export?format=json`, { headers: { authorization: `Bearer ${team.owner.key}` } });
    const text = JSON.stringify(await exported.json()).replace('"rowHeights":{}', '"rowHeights":{"__proto__":{"0":40}}');
    expect(text).toContain("__proto__");
    const count = async () => (await sql().query(`SELECT count(*)::int AS n FROM "Snap" WHERE "userId" = $1`, [team.owner.id])).rows[0].n;
    const snapsBefore = await count();
    const response = await api("POST", "/api/snaps/import", { key: team.owner.key, rawBody: text, headers: { "content-type": "application/json" } });
    expectError(response, 400, "BAD_REQUEST", ["snap.rowHeights.__proto__"]);
    expect(await count()).toBe(snapsBefore);
  });
});

describe("the outbound address guard", () => {
  it.each([
    "http://[::127.0.0.1]:39111/",
    "http://[::7f00:1]/",
    "http://[::a9fe:a9fe]/latest/meta-data",
    "http://[2002:7f00:1::1]/",
    "http://[2002:a9fe:a9fe::1]/",
    "http://[2001::1]/",
    "http://[64:ff9b::7f00:1]/",
    "http://[5f00::1]/",
    "http://192.0.0.9/",
    "http://192.88.99.1/",
  ])("refuses a webhook to %s (400 naming url)", async (url) => {
    const response = await api("POST", "/api/webhooks", { key: team.owner.key, body: { url } });
    expectError(response, 400, "BAD_REQUEST", ["url"]);
  });
});

describe("a read-only key sees webhook URLs masked to their host", () => {
  it("list and get show the host only; a full key and a session see the whole URL", async () => {
    const url = "https://hooks.example.com/services/T000/B000/XXXXSECRET?token=abc123";
    const created = await api("POST", "/api/webhooks", { key: team.owner.key, body: { url, description: "chat" } });
    expect(created.status).toBe(201);
    const id = created.body.webhook.id;
    const readKey = (await api("POST", "/api/keys", { cookie: team.owner.cookie, body: { name: "reader", access: "read" } })).body.apiKey.key;

    const listed = await api("GET", "/api/webhooks", { key: readKey });
    expect(listed.status).toBe(200);
    const mine = listed.body.webhooks.find((webhook: { id: string }) => webhook.id === id);
    expect(mine.url).toBe("https://hooks.example.com/…");
    const one = await api("GET", `/api/webhooks/${id}`, { key: readKey });
    expect(one.body.webhook.url).toBe("https://hooks.example.com/…");
    for (const body of [listed.body, one.body]) {
      expect(JSON.stringify(body)).not.toContain("XXXXSECRET");
      expect(JSON.stringify(body)).not.toContain("abc123");
    }

    for (const caller of [{ key: team.owner.key }, { cookie: team.owner.cookie }]) {
      expect((await api("GET", `/api/webhooks/${id}`, caller)).body.webhook.url).toBe(url);
      const all = await api("GET", "/api/webhooks", caller);
      expect(all.body.webhooks.find((webhook: { id: string }) => webhook.id === id).url).toBe(url);
    }
  });
});

describe("CSV export: formulas behind leading blanks", () => {
  it("a cell starting with spaces or tabs before = + - @ gets the apostrophe", async () => {
    const snap = await insertSnap(team.owner, { cards: 6 });
    const titles = [" =1+1", "  +SUM(A1)", "\t-2+3", " \t@cmd", "plain", " not a formula"];
    for (const [index, title] of titles.entries()) await sql().query(`UPDATE "Card" SET title = $1 WHERE id = $2`, [title, snap.cardIds[index]]);
    const csv = await documentedFetch(`${baseUrl}/api/snaps/${snap.id}/export?format=csv`, { headers: { authorization: `Bearer ${team.owner.key}` } });
    const text = await csv.text();
    for (const title of titles.slice(0, 4)) expect(text).toContain(`'${title}`);
    expect(text).toContain(",plain,");
    expect(text).not.toContain("' not a formula");
  });
});

describe("CSRF: the app's origin is not taken from X-Forwarded-Host", () => {
  it("a foreign Origin matching a forged X-Forwarded-Host is refused", async () => {
    const user = team.member;
    const before = (await api("GET", "/api/keys", { cookie: user.cookie })).body.apiKeys.length;
    const response = await api("POST", "/api/keys", {
      cookie: user.cookie,
      body: { name: "forwarded" },
      headers: { origin: "http://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
    });
    expectError(response, 403, "FORBIDDEN");
    expect((await api("GET", "/api/keys", { cookie: user.cookie })).body.apiKeys.length).toBe(before);
    // The app's own origin still passes without Sec-Fetch-Site.
    const own = await api("POST", "/api/keys", { cookie: user.cookie, body: { name: "own origin" }, headers: { origin: baseUrl } });
    expect(own.status).toBe(201);
  });
});

describe("open event streams per user", () => {
  const streams: EventStream[] = [];
  afterAll(() => streams.forEach((stream) => stream.close()));

  it("past 20 on an instance: 429 with Retry-After; another user is not affected", async () => {
    const snap = await insertSnap(team.owner, { sharedWithWorkspace: true });
    for (let index = 0; index < 20; index++) {
      const stream = await openEventStream(snap.id, index % 2 ? { key: team.owner.key } : { cookie: team.owner.cookie });
      streams.push(stream);
      expect(stream.status).toBe(200);
      await stream.next("ready");
    }
    const refused = await openEventStream(snap.id, { cookie: team.owner.cookie });
    expect(refused.status).toBe(429);
    expect(refused.error.error.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    const other = await openEventStream(snap.id, { key: team.member.key });
    streams.push(other);
    expect(other.status).toBe(200);
  });
});
