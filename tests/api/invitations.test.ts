import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, signIn, signUp, TEST_PASSWORD, uniqueEmail } from "./helpers";
import { createTeam, sql, type Team } from "./fixtures";
import { expectError, insertSnap, newId } from "./card-fixtures";
import { openEventStream, type EventStream } from "./live-helpers";

/**
 * Workspace invitations (docs/API.md, "Invitations"): an admin invites an email, only its holder
 * accepts or declines, nobody is a member without consent, and no answer tells which emails have
 * accounts. Leaving a workspace is in workspace-members.test.ts.
 */

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let team: Team;
beforeAll(async () => {
  team = await createTeam();
});

async function invite(email: string, role: "member" | "admin" = "member", admin = team.admin) {
  const response = await api("POST", "/api/workspace/members", { key: admin.key, body: { email, role } });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  return response.body.invitation as { id: string; email: string; role: string; expiresAt: string };
}

async function workspaceOf(userId: string): Promise<string> {
  const { rows } = await sql().query(`SELECT "workspaceId" FROM "Membership" WHERE "userId" = $1`, [userId]);
  return rows[0].workspaceId;
}

async function invitationRows(workspaceId: string): Promise<number> {
  const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "WorkspaceInvitation" WHERE "workspaceId" = $1`, [workspaceId]);
  return rows[0].n;
}

describe("inviting", () => {
  it("the answer has the same shape and makes the same one row whether or not the email has an account", async () => {
    const existing = await signUp("has-account");
    const before = await invitationRows(team.workspaceId);
    const withAccount = await api("POST", "/api/workspace/members", { key: team.admin.key, body: { email: existing.email } });
    const withoutAccount = await api("POST", "/api/workspace/members", { key: team.admin.key, body: { email: uniqueEmail("no-account") } });
    for (const response of [withAccount, withoutAccount]) {
      expect(response.status).toBe(202);
      expect(Object.keys(response.body)).toEqual(["invitation"]);
      expect(Object.keys(response.body.invitation).sort()).toEqual(["email", "expiresAt", "id", "role"]);
      expect(response.body.invitation.expiresAt).toMatch(ISO_MS);
      expect([...response.headers.keys()].sort()).toEqual([...withAccount.headers.keys()].sort());
    }
    expect(await invitationRows(team.workspaceId)).toBe(before + 2);
  });

  it("inviting again is idempotent: the same invitation; another role updates it in place", async () => {
    const email = uniqueEmail("twice");
    const first = await invite(email);
    const again = await invite(email.toUpperCase());
    expect(again).toEqual(first);
    const promoted = await invite(email, "admin");
    expect(promoted).toEqual({ ...first, role: "admin" });
    const listed = await api("GET", "/api/workspace/invitations", { cookie: team.admin.cookie });
    expect(listed.body.invitations.filter((invitation: { email: string }) => invitation.email === email)).toHaveLength(1);
  });

  it("at most 100 pending invitations per workspace (409 naming the limit); revoking one makes room", async () => {
    const local = await createTeam();
    const have = await invitationRows(local.workspaceId);
    await sql().query(
      `INSERT INTO "WorkspaceInvitation" (id, "workspaceId", email, "expiresAt")
       SELECT 'cap-' || $1 || '-' || n, $2, 'cap-' || $1 || '-' || n || '@example.test', now() + interval '14 days'
       FROM generate_series(1, $3::int) AS n`,
      [newId(), local.workspaceId, 100 - have],
    );
    const refused = await api("POST", "/api/workspace/members", { key: local.admin.key, body: { email: uniqueEmail("one-too-many") } });
    expectError(refused, 409, "CONFLICT", ["email"]);
    expect(refused.body.error.message).toContain("100 pending invitations");
    expect(await invitationRows(local.workspaceId)).toBe(100);
    const listed = await api("GET", "/api/workspace/invitations", { key: local.admin.key });
    expect(listed.body.invitations).toHaveLength(100);
    expect((await api("DELETE", `/api/workspace/invitations/${listed.body.invitations[0].id}`, { key: local.admin.key })).status).toBe(200);
    expect((await api("POST", "/api/workspace/members", { key: local.admin.key, body: { email: uniqueEmail("room") } })).status).toBe(202);
  });
});

describe("the invitee", () => {
  it("sees the invitation with the workspace and who sent it; accepting makes them a member, audited", async () => {
    const invitee = await signUp("invitee");
    const invitation = await invite(invitee.email, "admin");
    const own = await api("GET", "/api/invitations", { cookie: invitee.cookie });
    expect(own.status).toBe(200);
    expect(own.body.invitations).toEqual([
      {
        kind: "workspace",
        id: invitation.id,
        role: "admin",
        createdAt: expect.stringMatching(ISO_MS),
        expiresAt: invitation.expiresAt,
        workspace: { id: team.workspaceId, name: "admin's workspace" },
        invitedBy: { name: "admin", email: team.admin.email },
      },
    ]);
    const accepted = await api("POST", `/api/invitations/${invitation.id}/accept`, { cookie: invitee.cookie });
    expect(accepted.body).toEqual({ kind: "workspace", workspace: { id: team.workspaceId, name: "admin's workspace" }, role: "admin" });
    expect(await workspaceOf(invitee.id)).toBe(team.workspaceId);
    expect((await api("GET", "/api/invitations", { cookie: invitee.cookie })).body.invitations).toEqual([]);
    const pending = await api("GET", "/api/workspace/invitations", { key: team.admin.key });
    expect(pending.body.invitations.map((row: { id: string }) => row.id)).not.toContain(invitation.id);
    // Used up: a second accept is 404.
    expectError(await api("POST", `/api/invitations/${invitation.id}/accept`, { cookie: invitee.cookie }), 404, "NOT_FOUND");
    const log = await api("GET", "/api/workspace/audit-log?action=member.invitation_accepted", { key: team.admin.key });
    expect(log.body.entries[0]).toMatchObject({ actor: { type: "user", userId: invitee.id }, target: { type: "member", id: invitee.id } });
  });

  it("declining removes it and makes nobody a member", async () => {
    const invitee = await signUp("decliner");
    const before = await workspaceOf(invitee.id);
    const invitation = await invite(invitee.email);
    expect((await api("POST", `/api/invitations/${invitation.id}/decline`, { cookie: invitee.cookie })).body).toEqual({ success: true });
    expect(await workspaceOf(invitee.id)).toBe(before);
    expect((await api("GET", "/api/invitations", { cookie: invitee.cookie })).body.invitations).toEqual([]);
    expectError(await api("POST", `/api/invitations/${invitation.id}/accept`, { cookie: invitee.cookie }), 404, "NOT_FOUND");
  });

  it("nobody else may accept or decline it (404, as if it did not exist): not the inviting admin, not another user", async () => {
    const invitee = await signUp("rightful");
    const stranger = await signUp("stranger");
    const invitation = await invite(invitee.email);
    for (const caller of [{ cookie: stranger.cookie }, { key: team.admin.key }, { key: team.outsider.key }, { cookie: team.member.cookie }]) {
      expectError(await api("POST", `/api/invitations/${invitation.id}/accept`, caller), 404, "NOT_FOUND");
      expectError(await api("POST", `/api/invitations/${invitation.id}/decline`, caller), 404, "NOT_FOUND");
    }
    expectError(await api("POST", `/api/invitations/${newId()}/accept`, { cookie: invitee.cookie }), 404, "NOT_FOUND");
    expect(await workspaceOf(stranger.id)).not.toBe(team.workspaceId);
    expect((await api("GET", "/api/invitations", { cookie: stranger.cookie })).body.invitations).toEqual([]);
    // Still pending for its invitee.
    expect((await api("GET", "/api/invitations", { cookie: invitee.cookie })).body.invitations).toHaveLength(1);
  });

  it("an invitation to an email that signs up later is theirs once the account exists", async () => {
    const email = uniqueEmail("later");
    const invitation = await invite(email);
    const created = await api("POST", "/api/account", { body: { email, password: TEST_PASSWORD, name: "later" }, headers: { origin: baseUrl } });
    expect(created.status).toBe(201);
    const cookie = (await signIn(email))!;
    expect((await api("GET", "/api/invitations", { cookie })).body.invitations.map((row: { id: string }) => row.id)).toEqual([invitation.id]);
    expect((await api("POST", `/api/invitations/${invitation.id}/accept`, { cookie })).status).toBe(200);
    expect(await workspaceOf(created.body.user.id)).toBe(team.workspaceId);
  });

  it("an expired invitation is not listed and cannot be accepted; inviting again sends a fresh one", async () => {
    const invitee = await signUp("late");
    const invitation = await invite(invitee.email);
    await sql().query(`UPDATE "WorkspaceInvitation" SET "expiresAt" = now() - interval '1 second' WHERE id = $1`, [invitation.id]);
    expect((await api("GET", "/api/invitations", { cookie: invitee.cookie })).body.invitations).toEqual([]);
    const adminView = await api("GET", "/api/workspace/invitations", { key: team.admin.key });
    expect(adminView.body.invitations.map((row: { id: string }) => row.id)).not.toContain(invitation.id);
    expectError(await api("POST", `/api/invitations/${invitation.id}/accept`, { cookie: invitee.cookie }), 404, "NOT_FOUND");
    expectError(await api("POST", `/api/invitations/${invitation.id}/decline`, { cookie: invitee.cookie }), 404, "NOT_FOUND");
    const fresh = await invite(invitee.email);
    expect(fresh.id).not.toBe(invitation.id);
    expect((await api("POST", `/api/invitations/${fresh.id}/accept`, { cookie: invitee.cookie })).status).toBe(200);
  });

  it("the only admin of a workspace with other members cannot move away (409); nothing moves", async () => {
    const other = await createTeam();
    const invitation = await invite(other.admin.email);
    const refused = await api("POST", `/api/invitations/${invitation.id}/accept`, { cookie: other.admin.cookie });
    expectError(refused, 409, "CONFLICT");
    expect(await workspaceOf(other.admin.id)).toBe(other.workspaceId);
    expect((await api("GET", "/api/invitations", { cookie: other.admin.cookie })).body.invitations).toHaveLength(1);
  });

  it("a read-only key cannot accept (403)", async () => {
    const invitee = await signUp("read-key");
    const readKey = (await api("POST", "/api/keys", { cookie: invitee.cookie, body: { name: "r", access: "read" } })).body.apiKey.key;
    const invitation = await invite(invitee.email);
    expect((await api("GET", "/api/invitations", { key: readKey })).body.invitations).toHaveLength(1);
    expectError(await api("POST", `/api/invitations/${invitation.id}/accept`, { key: readKey }), 403, "FORBIDDEN");
  });
});

describe("moving on acceptance ends what the move takes away, live", () => {
  const streams: EventStream[] = [];
  afterEach(() => streams.splice(0).forEach((stream) => stream.close()));

  it("a snap the invitee shared with their old workspace stops being visible there: its viewers' streams end", async () => {
    const old = await createTeam();
    const snap = await insertSnap(old.owner, { sharedWithWorkspace: true });
    const viewer = await openEventStream(snap.id, { key: old.member.key });
    streams.push(viewer);
    await viewer.next("ready");
    const invitation = await invite(old.owner.email);
    expect((await api("POST", `/api/invitations/${invitation.id}/accept`, { key: old.owner.key })).status).toBe(200);
    expect((await viewer.next("access-revoked")).event).toBe("access-revoked");
    expectError(await api("GET", `/api/snaps/${snap.id}`, { key: old.member.key }), 403, "FORBIDDEN");
  });
});

describe("admins manage the invitations they sent", () => {
  it("list (admins only, 403 otherwise) and revoke (404 for another workspace's); a revoked one cannot be accepted", async () => {
    const invitee = await signUp("revoked");
    const invitation = await invite(invitee.email);
    const listed = await api("GET", "/api/workspace/invitations", { cookie: team.admin.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.invitations.find((row: { id: string }) => row.id === invitation.id)).toEqual({
      ...invitation,
      createdAt: expect.stringMatching(ISO_MS),
      invitedBy: { id: team.admin.id, name: "admin", email: team.admin.email },
    });
    expectError(await api("GET", "/api/workspace/invitations", { key: team.member.key }), 403, "FORBIDDEN");
    expectError(await api("DELETE", `/api/workspace/invitations/${invitation.id}`, { key: team.member.key }), 403, "FORBIDDEN");
    expectError(await api("DELETE", `/api/workspace/invitations/${invitation.id}`, { key: team.outsider.key }), 404, "NOT_FOUND");
    expect((await api("GET", "/api/workspace/invitations", { key: team.outsider.key })).body.invitations).toEqual([]);

    expect((await api("DELETE", `/api/workspace/invitations/${invitation.id}`, { cookie: team.admin.cookie })).body).toEqual({ success: true });
    expectError(await api("DELETE", `/api/workspace/invitations/${invitation.id}`, { cookie: team.admin.cookie }), 404, "NOT_FOUND");
    expect((await api("GET", "/api/invitations", { cookie: invitee.cookie })).body.invitations).toEqual([]);
    expectError(await api("POST", `/api/invitations/${invitation.id}/accept`, { cookie: invitee.cookie }), 404, "NOT_FOUND");
  });
});
