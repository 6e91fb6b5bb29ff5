import { beforeAll, describe, expect, it } from "vitest";
import { api, signInResponse, signUp, TEST_PASSWORD, type Caller } from "./helpers";
import { createTeam, sql, type Team } from "./fixtures";
import { expectError, insertSnap, newId } from "./card-fixtures";

/** The workspace audit log: what is recorded, by whom, from where; paging, filters and who may read it. */

let team: Team;

beforeAll(async () => {
  team = await createTeam();
});

interface Entry {
  id: string;
  action: string;
  occurredAt: string;
  actor: { type: string; userId: string | null; name: string | null; apiKeyId: string | null; apiKeyName: string | null };
  target: { type: string; id: string | null; name: string | null };
  ip: string | null;
}

async function entries(caller: Caller, query = "limit=100"): Promise<Entry[]> {
  const response = await api("GET", `/api/workspace/audit-log?${query}`, caller);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.entries;
}

/** The newest entry with this action about this target. */
async function latest(action: string, targetId: string): Promise<Entry | undefined> {
  return (await entries({ cookie: team.admin.cookie }, `limit=100&action=${action}`)).find((entry) => entry.target.id === targetId);
}

describe("what the audit log records", () => {
  it("API keys created and revoked, by the signed-in user, with the address and the key's name, never the key", async () => {
    const created = await api("POST", "/api/keys", {
      cookie: team.owner.cookie,
      body: { name: "deploy bot", access: "read" },
      headers: { "x-forwarded-for": "198.51.100.23" },
    });
    const keyId = created.body.apiKey.id;
    expect(await latest("apikey.created", keyId)).toEqual({
      id: expect.any(String),
      action: "apikey.created",
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      actor: { type: "user", userId: team.owner.id, name: "owner", apiKeyId: null, apiKeyName: null },
      target: { type: "api_key", id: keyId, name: "deploy bot (read)" },
      ip: "198.51.100.23",
    });
    await api("DELETE", `/api/keys/${keyId}`, { cookie: team.owner.cookie });
    expect((await latest("apikey.revoked", keyId))?.actor.userId).toBe(team.owner.id);

    const text = JSON.stringify(await entries({ cookie: team.admin.cookie }));
    expect(text).not.toContain(created.body.apiKey.key);
    expect(text).not.toMatch(/\$2[aby]\$|keyHash|passwordHash/);
  });

  it("sharing changes by an API key name the key; unchanged values record nothing; deletes are recorded", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    await sql().query(`UPDATE "Snap" SET title = 'Roadmap' WHERE id = $1`, [snap.id]);
    const key = { key: team.owner.key };
    expect((await api("PATCH", `/api/snaps/${snap.id}`, { ...key, body: { isPublic: true, sharedWithWorkspace: true } })).status).toBe(200);
    expect((await api("PATCH", `/api/snaps/${snap.id}`, { ...key, body: { isPublic: true, title: "Roadmap 2" } })).status).toBe(200);
    expect((await api("PATCH", `/api/snaps/${snap.id}`, { ...key, body: { isPublic: false, sharedWithWorkspace: false } })).status).toBe(200);
    expect((await api("DELETE", `/api/snaps/${snap.id}`, key)).status).toBe(200);

    const forSnap = (await entries({ cookie: team.admin.cookie }, "limit=100&action=snap")).filter((entry) => entry.target.id === snap.id);
    expect(forSnap.map((entry) => entry.action).sort()).toEqual(
      ["snap.deleted", "snap.made_private", "snap.made_public", "snap.shared", "snap.unshared"].sort(),
    );
    const made = forSnap.find((entry) => entry.action === "snap.made_public")!;
    expect(made.actor).toEqual({ type: "api_key", userId: team.owner.id, name: "owner", apiKeyId: expect.any(String), apiKeyName: "owner key" });
    expect(made.target).toEqual({ type: "snap", id: snap.id, name: "Roadmap" });
    expect(forSnap.find((entry) => entry.action === "snap.deleted")!.target.name).toBe("Roadmap 2");
  });

  it("webhooks created and deleted, named by host and description, never by the whole URL", async () => {
    const created = await api("POST", "/api/webhooks", {
      key: team.owner.key,
      body: { url: "https://hooks.example.com/services/T0/B0/token-in-the-path", description: "deploys" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const webhookId = created.body.webhook.id;
    expect((await api("DELETE", `/api/webhooks/${webhookId}`, { cookie: team.owner.cookie })).status).toBe(200);
    expect(await latest("webhook.created", webhookId)).toMatchObject({
      actor: { type: "api_key", userId: team.owner.id, apiKeyName: "owner key" },
      target: { type: "webhook", id: webhookId, name: "hooks.example.com (deploys)" },
    });
    expect(await latest("webhook.deleted", webhookId)).toMatchObject({
      actor: { type: "user", userId: team.owner.id, apiKeyId: null },
      target: { type: "webhook", id: webhookId, name: "hooks.example.com (deploys)" },
    });
    const text = JSON.stringify(await entries({ cookie: team.admin.cookie }, "limit=100&action=webhook"));
    expect(text).not.toContain("token-in-the-path");
    expect(text).not.toContain(created.body.secret);
  });

  it("a webhook's new URL, events or scope and a rotated secret are recorded, never the path or the secret; other edits are not", async () => {
    const created = await api("POST", "/api/webhooks", {
      key: team.owner.key,
      body: { url: "https://hooks.example.com/services/T0/B0/first-token", description: "deploys" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const webhookId = created.body.webhook.id;
    const patch = (body: object) => api("PATCH", `/api/webhooks/${webhookId}`, { key: team.owner.key, body });
    const updates = async () =>
      (await entries({ cookie: team.admin.cookie }, "limit=100&action=webhook.updated")).filter((entry) => entry.target.id === webhookId);

    expect((await patch({ description: "deploys only" })).status).toBe(200);
    expect((await patch({ enabled: false })).status).toBe(200);
    expect(await updates()).toHaveLength(0);

    expect((await patch({ url: "https://other.example.com/hook/second-token" })).status).toBe(200);
    expect((await patch({ events: ["snap.deleted"] })).status).toBe(200);
    expect(await updates()).toHaveLength(2);
    expect((await updates())[0]).toMatchObject({
      actor: { type: "api_key", userId: team.owner.id, apiKeyName: "owner key" },
      target: { type: "webhook", id: webhookId, name: "other.example.com (deploys only)" },
    });

    const rotated = await api("POST", `/api/webhooks/${webhookId}/rotate-secret`, { cookie: team.owner.cookie });
    expect(rotated.status).toBe(200);
    expect(await latest("webhook.secret_rotated", webhookId)).toMatchObject({
      actor: { type: "user", userId: team.owner.id, apiKeyId: null },
      target: { type: "webhook", id: webhookId, name: "other.example.com (deploys only)" },
    });
    const text = JSON.stringify(await entries({ cookie: team.admin.cookie }, "limit=100&action=webhook"));
    for (const secret of ["first-token", "second-token", rotated.body.secret, created.body.secret]) expect(text).not.toContain(secret);
  });

  it("a restore names the snap and the version it went back to; a refused restore records nothing", async () => {
    const snap = (await api("POST", "/api/snaps", { key: team.owner.key, body: { title: "Plan", rows: 1, cols: 1 } })).body.snap;
    expect((await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { title: "Plan B" } })).status).toBe(200);
    expectError(await api("POST", `/api/snaps/${snap.id}/restore`, { key: team.member.key, body: { version: 1 } }), 403, "FORBIDDEN");
    expect(await latest("snap.restored", snap.id)).toBeUndefined();
    expect((await api("POST", `/api/snaps/${snap.id}/restore`, { cookie: team.owner.cookie, body: { version: 1 } })).status).toBe(200);
    expect(await latest("snap.restored", snap.id)).toMatchObject({
      actor: { type: "user", userId: team.owner.id },
      target: { type: "snap", id: snap.id, name: "Plan (version 1)" },
    });
  });

  it("a refused write records nothing", async () => {
    const snap = await insertSnap(team.owner, { cards: 0 });
    const refused = await api("PATCH", `/api/snaps/${snap.id}`, { key: team.member.key, body: { isPublic: true } });
    expectError(refused, 403, "FORBIDDEN");
    const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "AuditEvent" WHERE "targetId" = $1`, [snap.id]);
    expect(rows[0].n).toBe(0);
  });

  it("members invited, accepting, re-roled and removed; invitations declined and revoked", async () => {
    const newcomer = await signUp("audited");
    const invited = await api("POST", "/api/workspace/members", { cookie: team.admin.cookie, body: { email: newcomer.email } });
    expect(invited.status).toBe(202);
    const invitationId = invited.body.invitation.id;
    expect(await latest("member.invited", invitationId)).toMatchObject({
      actor: { type: "user", userId: team.admin.id },
      target: { type: "invitation", id: invitationId, name: `${newcomer.email} (member)` },
    });
    expect((await api("POST", `/api/invitations/${invitationId}/accept`, { cookie: newcomer.cookie })).status).toBe(200);
    expect(await latest("member.invitation_accepted", newcomer.id)).toMatchObject({
      actor: { type: "user", userId: newcomer.id },
      target: { type: "member", id: newcomer.id, name: `${newcomer.email} (member)` },
    });
    await api("PATCH", `/api/workspace/members/${newcomer.id}`, { key: team.admin.key, body: { role: "admin" } });
    await api("DELETE", `/api/workspace/members/${newcomer.id}`, { cookie: team.admin.cookie });
    const reroled = await latest("member.role_changed", newcomer.id);
    expect(reroled?.target.name).toBe(`${newcomer.email} (member → admin)`);
    expect(reroled?.actor).toMatchObject({ type: "api_key", userId: team.admin.id, apiKeyName: "admin key" });
    expect((await latest("member.removed", newcomer.id))?.actor).toMatchObject({ type: "user", userId: team.admin.id });

    const declining = await signUp("declining");
    const second = await api("POST", "/api/workspace/members", { key: team.admin.key, body: { email: declining.email, role: "admin" } });
    expect((await api("POST", `/api/invitations/${second.body.invitation.id}/decline`, { cookie: declining.cookie })).status).toBe(200);
    expect(await latest("member.invitation_declined", second.body.invitation.id)).toMatchObject({
      actor: { type: "user", userId: declining.id },
      target: { type: "invitation", name: `${declining.email} (admin)` },
    });
    const third = await api("POST", "/api/workspace/members", { key: team.admin.key, body: { email: "never-answers@example.test" } });
    expect((await api("DELETE", `/api/workspace/invitations/${third.body.invitation.id}`, { key: team.admin.key })).status).toBe(200);
    expect((await latest("member.invitation_revoked", third.body.invitation.id))?.actor).toMatchObject({ type: "api_key", userId: team.admin.id });
  });

  it("sign-ins, failed ones too, with the client's address", async () => {
    const ok = await signInResponse(team.member.email, TEST_PASSWORD, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(ok.status).toBe(302);
    const failed = await signInResponse(team.member.email, "wrong-password-1", { headers: { "x-forwarded-for": "203.0.113.10" } });
    expect(failed.headers.get("location")).toContain("error");
    const signedIn = await latest("auth.signed_in", team.member.id);
    expect(signedIn).toMatchObject({ actor: { type: "user", userId: team.member.id }, ip: "203.0.113.9" });
    const refused = await latest("auth.sign_in_failed", team.member.id);
    expect(refused).toMatchObject({ actor: { type: "anonymous", userId: null }, target: { type: "user", name: team.member.email }, ip: "203.0.113.10" });
    expect(JSON.stringify(refused)).not.toContain("wrong-password-1");
  });
});

describe("reading the audit log", () => {
  it("pages newest first with a cursor, every entry once", async () => {
    const all = await entries({ cookie: team.admin.cookie });
    expect(all.length).toBeGreaterThan(3);
    const times = all.map((entry) => entry.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response: { status: number; body: { entries: Entry[]; nextCursor: string | null } } = await api(
        "GET",
        `/api/workspace/audit-log?limit=2${cursor ? `&before=${cursor}` : ""}`,
        { cookie: team.admin.cookie },
      );
      expect(response.body.entries.length).toBeLessThanOrEqual(2);
      seen.push(...response.body.entries.map((entry) => entry.id));
      cursor = response.body.nextCursor;
    } while (cursor && seen.length < 500);
    expect(seen).toEqual(all.map((entry) => entry.id));
  });

  it("filters by one action or by an area", async () => {
    for (const entry of await entries({ cookie: team.admin.cookie }, "action=apikey.created")) expect(entry.action).toBe("apikey.created");
    const area = await entries({ cookie: team.admin.cookie }, "action=member");
    expect(area.length).toBeGreaterThan(0);
    for (const entry of area) expect(entry.action).toMatch(/^member\./);
  });

  it("bad parameters are 400 naming the parameter", async () => {
    const caller = { cookie: team.admin.cookie };
    expectError(await api("GET", "/api/workspace/audit-log?limit=0", caller), 400, "BAD_REQUEST", ["limit"]);
    expectError(await api("GET", "/api/workspace/audit-log?limit=101", caller), 400, "BAD_REQUEST", ["limit"]);
    expectError(await api("GET", "/api/workspace/audit-log?action=snap.eaten", caller), 400, "BAD_REQUEST", ["action"]);
    expectError(await api("GET", "/api/workspace/audit-log?before=bm90LWEtY3Vyc29y", caller), 400, "BAD_REQUEST", ["before"]);
    expectError(await api("GET", "/api/workspace/audit-log?colour=red", caller), 400, "BAD_REQUEST");
  });

  it("only the workspace's admins; each workspace sees its own entries", async () => {
    expectError(await api("GET", "/api/workspace/audit-log", { cookie: team.member.cookie }), 403, "FORBIDDEN");
    expectError(await api("GET", "/api/workspace/audit-log", { key: team.owner.key }), 403, "FORBIDDEN");
    expectError(await api("GET", "/api/workspace/audit-log"), 401, "UNAUTHORIZED");
    const outsiders = await entries({ cookie: team.outsider.cookie });
    for (const id of [team.owner.id, team.admin.id, team.member.id]) expect(JSON.stringify(outsiders)).not.toContain(id);
  });

  it(`entries older than the retention (AUDIT_RETENTION_DAYS, default 180) are not listed`, async () => {
    const oldId = newId();
    const recentId = newId();
    await sql().query(
      `INSERT INTO "AuditEvent" (id, "workspaceId", action, "occurredAt", "actorType", "targetType")
       VALUES ($1, $3, 'snap.deleted', now() - interval '181 days', 'cli', 'snap'), ($2, $3, 'snap.deleted', now() - interval '179 days', 'cli', 'snap')`,
      [oldId, recentId, team.workspaceId],
    );
    const ids = (await entries({ cookie: team.admin.cookie }, "limit=100&action=snap.deleted")).map((entry) => entry.id);
    expect(ids).toContain(recentId);
    expect(ids).not.toContain(oldId);
  });
});
