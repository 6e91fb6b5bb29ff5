/**
 * What the second probe found on the suite's own server (docs/SECURITY.md, "Probe findings, round
 * two"): each case here failed before its fix. The rest are in event-stream-cap.test.ts and
 * oauth-hardening.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { expectError, insertSnap } from "./card-fixtures";
import { createTeam, sql, type Team } from "./fixtures";
import { api, baseUrl, signUp, uniqueEmail } from "./helpers";
import { obtainTokens, tokenRequest } from "./oauth-helpers";

let team: Team;
beforeAll(async () => {
  team = await createTeam();
});

describe("a connected app leaves nothing acting for the person once revoked", () => {
  it("never sets up a webhook or changes who can see a snap (403, nothing written); content edits still work", async () => {
    const { owner } = team;
    const { tokens } = await obtainTokens(owner);
    const app = { key: tokens.access_token };
    const snap = await insertSnap(owner);

    expectError(await api("POST", "/api/webhooks", { ...app, body: { url: "https://hooks.example.com/in", events: ["*"] } }), 403, "FORBIDDEN");
    expectError(await api("GET", "/api/webhooks", app), 403, "FORBIDDEN");
    const webhooks = await sql().query(`SELECT count(*)::int AS count FROM "Webhook" WHERE "userId" = $1`, [owner.id]);
    expect(webhooks.rows[0].count).toBe(0);

    for (const sharing of [{ isPublic: true }, { sharedWithWorkspace: true }, { shareMode: "edit" }, { title: "Renamed", isPublic: true }]) {
      const refused = await api("PATCH", `/api/snaps/${snap.id}`, { ...app, body: sharing });
      expectError(refused, 403, "FORBIDDEN");
      expect(refused.body.error.message).toContain("Connected apps cannot change who can see a snap");
    }
    const stored = await sql().query(`SELECT title, "isPublic", "shareToken", "sharedWithWorkspace" FROM "Snap" WHERE id = $1`, [snap.id]);
    expect(stored.rows[0]).toMatchObject({ isPublic: false, shareToken: null, sharedWithWorkspace: false });
    expect(stored.rows[0].title).not.toBe("Renamed");
    // Through MCP too, which calls the same lib function.
    const viaMcp = await fetch(`${baseUrl}/api/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "update_snap", arguments: { id: snap.id, isPublic: true } } }),
    });
    const result = (await viaMcp.json()).result;
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0].text).error.code).toBe("FORBIDDEN");
    expect((await sql().query(`SELECT "isPublic" FROM "Snap" WHERE id = $1`, [snap.id])).rows[0].isPublic).toBe(false);

    expect((await api("PATCH", `/api/snaps/${snap.id}`, { ...app, body: { title: "Renamed by the app" } })).status).toBe(200);
    // The person still may.
    expect((await api("PATCH", `/api/snaps/${snap.id}`, { key: owner.key, body: { isPublic: true } })).body.snap.isPublic).toBe(true);
  });
});

describe("a connected app never changes the account", () => {
  it("PATCH /api/account with an OAuth token is 403 whatever its scopes; reading the account is fine", async () => {
    const user = await signUp("oauth-account");
    const { tokens } = await obtainTokens(user);
    expectError(await api("PATCH", "/api/account", { key: tokens.access_token, body: { emailNotifications: "never" } }), 403, "FORBIDDEN");
    const account = await api("GET", "/api/account", { key: tokens.access_token });
    expect(account.status).toBe(200);
    expect(account.body.emailNotifications).toBe("immediately");
    // The person's own session still changes it.
    expect((await api("PATCH", "/api/account", { cookie: user.cookie, body: { emailNotifications: "daily" } })).status).toBe(200);
  });
});

describe("a refresh asking for a narrower scope", () => {
  it("gets exactly that scope (RFC 6749 §6); the refresh token keeps the grant's, so a later refresh may ask for it again", async () => {
    const user = await signUp("oauth-narrow");
    const { client, tokens } = await obtainTokens(user);
    expect(tokens.scope).toBe("read write");
    const narrowed = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: client.client_id, scope: "read" });
    expect(narrowed.status).toBe(200);
    const readOnly = await narrowed.json();
    expect(readOnly.scope).toBe("read");
    const write = await api("POST", "/api/snaps", { key: readOnly.access_token, body: { title: "Should not exist" } });
    expect(write.status).toBe(403);
    expect(write.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
    expect((await api("GET", "/api/snaps", { key: readOnly.access_token })).status).toBe(200);

    const full = await tokenRequest({ grant_type: "refresh_token", refresh_token: readOnly.refresh_token, client_id: client.client_id });
    const again = await full.json();
    expect(again.scope).toBe("read write");
    expect((await api("POST", "/api/snaps", { key: again.access_token, body: { title: "Written" } })).status).toBe(201);
  });
});

describe("a declined invitation quiets its workspace", () => {
  it("re-inviting the email right after a decline is 409 naming when it may be sent again; other workspaces may invite", async () => {
    const invitee = await signUp("declines");
    const sent = await api("POST", "/api/workspace/members", { key: team.admin.key, body: { email: invitee.email } });
    expect(sent.status).toBe(202);
    expect((await api("POST", `/api/invitations/${sent.body.invitation.id}/decline`, { cookie: invitee.cookie })).status).toBe(200);

    const again = await api("POST", "/api/workspace/members", { key: team.admin.key, body: { email: invitee.email } });
    expectError(again, 409, "CONFLICT", ["email"]);
    expect(again.body.error.message).toContain("declined an invitation to this workspace");
    expect((await api("GET", "/api/invitations", { cookie: invitee.cookie })).body.invitations).toEqual([]);

    const elsewhere = await createTeam();
    expect((await api("POST", "/api/workspace/members", { key: elsewhere.admin.key, body: { email: invitee.email } })).status).toBe(202);
    // Another email of the same workspace is not affected.
    expect((await api("POST", "/api/workspace/members", { key: team.admin.key, body: { email: uniqueEmail("other") } })).status).toBe(202);

    // Once the quiet time has passed, the workspace may invite again.
    await sql().query(`UPDATE "DeclinedInvitation" SET until = now() - interval '1 second' WHERE "workspaceId" = $1 AND email = $2`, [
      team.workspaceId,
      invitee.email,
    ]);
    expect((await api("POST", "/api/workspace/members", { key: team.admin.key, body: { email: invitee.email } })).status).toBe(202);
  });
});

describe("a declined board invitation quiets its snap", () => {
  it("re-inviting the email to the snap right after a decline is 409; another snap may invite it", async () => {
    const invitee = await signUp("declines-board");
    const [snap, other] = [await insertSnap(team.owner), await insertSnap(team.owner)];
    const invite = (snapId: string) => api("POST", `/api/snaps/${snapId}/members`, { key: team.owner.key, body: { email: invitee.email, role: "viewer" } });
    const sent = await invite(snap.id);
    expect(sent.status).toBe(202);
    expect((await api("POST", `/api/invitations/${sent.body.invitation.id}/decline`, { cookie: invitee.cookie })).status).toBe(200);
    const again = await invite(snap.id);
    expectError(again, 409, "CONFLICT", ["email"]);
    expect(again.body.error.message).toContain("declined an invitation to this snap");
    expect((await invite(other.id)).status).toBe(202);
    await sql().query(`UPDATE "DeclinedSnapInvitation" SET until = now() - interval '1 second' WHERE "snapId" = $1`, [snap.id]);
    expect((await invite(snap.id)).status).toBe(202);
  });
});
