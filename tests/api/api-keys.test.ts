import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createKey, databaseUrl, signUp, type TestUser } from "./helpers";

const KEY_SHAPE = /^service_sk_[A-Za-z0-9_-]{48}$/;
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
afterAll(() => pool.end());

function expectError(response: { status: number; body: any }, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String) } });
}

describe("API keys", () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await signUp("keys");
  });

  it("are shown once in the documented format and stored only as a bcrypt hash", async () => {
    const created = await api("POST", "/api/keys", { cookie: user.cookie, body: { name: "Format check" } });
    expect(created.status).toBe(201);
    const { key, prefix, name } = created.body.apiKey;
    expect(key).toMatch(KEY_SHAPE);
    expect(prefix).toBe(key.slice(0, 20));
    expect(name).toBe("Format check");

    const { rows } = await pool.query(`SELECT * FROM "ApiKey" WHERE prefix = $1`, [prefix]);
    expect(rows).toHaveLength(1);
    expect(rows[0].keyHash).toMatch(/^\$2[aby]\$\d\d\$/);
    expect(JSON.stringify(rows[0])).not.toContain(key.slice(20));

    const listed = await api("GET", "/api/keys", { cookie: user.cookie });
    expect(listed.status).toBe(200);
    const entry = listed.body.apiKeys.find((k: any) => k.prefix === prefix);
    expect(entry).toMatchObject({ name: "Format check", prefix, lastUsedAt: null });
    expect(JSON.stringify(listed.body)).not.toContain(key);
  });

  it("authenticate GET /api/snaps, and record lastUsedAt", async () => {
    const key = await createKey(user, "Snaps reader");
    const response = await api("GET", "/api/snaps", { key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ snaps: [] });

    // Written without awaiting it, after the answer: wait for the row to show it (the deadline only bounds a hang).
    const lastUsedAt = async () => (await pool.query(`SELECT "lastUsedAt" FROM "ApiKey" WHERE prefix = $1`, [key.slice(0, 20)])).rows[0].lastUsedAt;
    await expect.poll(lastUsedAt, { timeout: 15_000 }).toBeInstanceOf(Date);
  });

  it("require a name", async () => {
    const response = await api("POST", "/api/keys", { cookie: user.cookie, body: { name: "   " } });
    expectError(response, 400, "BAD_REQUEST");
    expect(response.body.error.details[0].path).toBe("name");
  });

  it("stop working at the very next request after revocation", async () => {
    const key = await createKey(user, "Short-lived");
    expect((await api("GET", "/api/snaps", { key })).status).toBe(200);
    const { body } = await api("GET", "/api/keys", { cookie: user.cookie });
    const id = body.apiKeys.find((k: any) => k.prefix === key.slice(0, 20)).id;

    const revoked = await api("DELETE", `/api/keys/${id}`, { cookie: user.cookie });
    expect(revoked).toMatchObject({ status: 200, body: { success: true } });
    expectError(await api("GET", "/api/snaps", { key }), 401, "UNAUTHORIZED");
    expectError(await api("DELETE", `/api/keys/${id}`, { cookie: user.cookie }), 404, "NOT_FOUND");
  });

  it("stop working for a single write at the very next request after revocation (its statement checks the key itself)", async () => {
    const key = await createKey(user, "Writer");
    const snap = (await api("POST", "/api/snaps", { key, body: { title: "Revoked writer", rows: 2, cols: 2 } })).body.snap;
    const card = (await api("POST", `/api/snaps/cards/${snap.id}`, { key, body: { row: 0, col: 0, title: "before" } })).body.card;
    // The key read by these requests stands in for the next write's read (lib/request/principal.ts, keyUnread).
    expect((await api("PATCH", `/api/snaps/cards/${card.id}`, { key, body: { title: "while active" } })).status).toBe(200);
    const { body } = await api("GET", "/api/keys", { cookie: user.cookie });
    await api("DELETE", `/api/keys/${body.apiKeys.find((k: any) => k.prefix === key.slice(0, 20)).id}`, { cookie: user.cookie });

    const refused = await api("PATCH", `/api/snaps/cards/${card.id}`, { key, body: { title: "after" } });
    expectError(refused, 401, "UNAUTHORIZED");
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer resource_metadata="/);
    expectError(await api("DELETE", `/api/snaps/cards/${card.id}`, { key }), 401, "UNAUTHORIZED");
    expect((await api("GET", `/api/snaps/cards/${card.id}`, { cookie: user.cookie })).body.card.title).toBe("while active");
  });

  it("are limited to 10 active per user; revoking one frees a slot", async () => {
    const owner = await signUp("ten-keys");
    const created = await Promise.all(Array.from({ length: 10 }, (_, i) => api("POST", "/api/keys", { cookie: owner.cookie, body: { name: `k${i}` } })));
    expect(created.map((r) => r.status)).toEqual(Array(10).fill(201));

    const eleventh = await api("POST", "/api/keys", { cookie: owner.cookie, body: { name: "k10" } });
    expectError(eleventh, 409, "CONFLICT");
    expect(eleventh.body.error.message).toMatch(/10/);
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM "ApiKey" WHERE "userId" = $1`, [owner.id]);
    expect(rows[0].n).toBe(10);

    await api("DELETE", `/api/keys/${created[0]!.body.apiKey.id}`, { cookie: owner.cookie });
    expect((await api("POST", "/api/keys", { cookie: owner.cookie, body: { name: "k10" } })).status).toBe(201);
  });

  it("cannot create, list or revoke keys (403)", async () => {
    const key = await createKey(user, "Agent");
    expectError(await api("POST", "/api/keys", { key, body: { name: "sneaky" } }), 403, "FORBIDDEN");
    expectError(await api("GET", "/api/keys", { key }), 403, "FORBIDDEN");
    const { body } = await api("GET", "/api/keys", { cookie: user.cookie });
    expectError(await api("DELETE", `/api/keys/${body.apiKeys[0].id}`, { key }), 403, "FORBIDDEN");
  });

  it("cannot be revoked by another user", async () => {
    const key = await createKey(user, "Mine");
    const other = await signUp("other");
    const { body } = await api("GET", "/api/keys", { cookie: user.cookie });
    const id = body.apiKeys.find((k: any) => k.prefix === key.slice(0, 20)).id;
    expectError(await api("DELETE", `/api/keys/${id}`, { cookie: other.cookie }), 404, "NOT_FOUND");
    expect((await api("GET", "/api/snaps", { key })).status).toBe(200);
  });
});

describe("authentication failures are 401 with the error body", () => {
  let key: string;
  beforeAll(async () => {
    key = await createKey(await signUp("401"), "valid");
  });

  const cases: Array<[string, () => Record<string, string>]> = [
    ["no credentials", () => ({})],
    ["a non-Bearer scheme", () => ({ authorization: `Basic ${Buffer.from(`x:${key}`).toString("base64")}` })],
    ["the key without a scheme", () => ({ authorization: key })],
    ["an empty Bearer", () => ({ authorization: "Bearer " })],
    ["a malformed key", () => ({ authorization: "Bearer not-a-key" })],
    ["a wrong key of the right shape", () => ({ authorization: `Bearer service_sk_${"A".repeat(48)}` })],
    ["a key with its last character changed", () => ({ authorization: `Bearer ${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}` })],
    ["a truncated key", () => ({ authorization: `Bearer ${key.slice(0, -5)}` })],
    ["an over-long key", () => ({ authorization: `Bearer ${key}extra` })],
    ["another platform's prefix", () => ({ authorization: `Bearer other_sk_${key.slice(11)}` })],
    ["a forged session cookie", () => ({ cookie: "authjs.session-token=forged.value.here" })],
  ];

  it.each(cases)("%s", async (_label, headers) => {
    const response = await api("GET", "/api/snaps", { headers: headers() });
    expectError(response, 401, "UNAUTHORIZED");
    expect(Object.keys(response.body.error).sort()).toEqual(["code", "message"]);
  });

  it("the valid key works, so the cases above fail for the reason they name", async () => {
    expect((await api("GET", "/api/snaps", { key })).status).toBe(200);
  });
});
