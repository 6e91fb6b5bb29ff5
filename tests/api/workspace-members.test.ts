import { beforeAll, describe, expect, it } from "vitest";
import { api, signUp } from "./helpers";
import { createTeam, sql, type Team, type TeamMember } from "./fixtures";
import { callerOf, countCards, expectError, insertSnap, newId } from "./card-fixtures";

const PATH = "/api/workspace/members";
const MEMBER_KEYS = ["id", "email", "name", "role", "joinedAt"].sort();
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function membershipOf(userId: string): Promise<{ workspaceId: string; role: string }> {
  const { rows } = await sql().query(`SELECT "workspaceId", role::text AS role FROM "Membership" WHERE "userId" = $1`, [userId]);
  return rows[0];
}

async function memberCount(workspaceId: string): Promise<number> {
  const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "Membership" WHERE "workspaceId" = $1`, [workspaceId]);
  return rows[0].n;
}

async function adminCount(workspaceId: string): Promise<number> {
  const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "Membership" WHERE "workspaceId" = $1 AND role = 'admin'`, [workspaceId]);
  return rows[0].n;
}

/** A signed-up user with a key, in their own personal workspace: someone an admin can add. */
async function loner(label = "loner"): Promise<TeamMember> {
  const user = await signUp(label);
  const key = await api("POST", "/api/keys", { cookie: user.cookie, body: { name: "k" } });
  return { ...user, key: key.body.apiKey.key };
}

describe("GET /api/workspace/members", () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam();
  });

  it.each(["key", "cookie"] as const)("lists the caller's workspace and its members, with %s; any member may", async (via) => {
    const response = await api("GET", PATH, callerOf(team.member, via));
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["members", "workspace"]);
    expect(response.body.workspace).toEqual({ id: team.workspaceId, name: "admin's workspace" });
    const members = response.body.members as Record<string, string>[];
    members.forEach((member) => {
      expect(Object.keys(member).sort()).toEqual(MEMBER_KEYS);
      expect(member.joinedAt).toMatch(ISO_MS);
    });
    const byId = Object.fromEntries(members.map((member) => [member.id, member]));
    expect(Object.keys(byId).sort()).toEqual([team.admin.id, team.owner.id, team.member.id].sort());
    expect(byId[team.admin.id]).toMatchObject({ email: team.admin.email, name: "admin", role: "admin" });
    expect(byId[team.member.id]).toMatchObject({ email: team.member.email, name: "member", role: "member" });
  });

  it("never shows another workspace's members; 401 without auth or with a bad key", async () => {
    const outsider = await api("GET", PATH, { key: team.outsider.key });
    expect(outsider.body.members.map((member: { id: string }) => member.id)).toEqual([team.outsider.id]);
    expectError(await api("GET", PATH), 401, "UNAUTHORIZED");
    expectError(await api("GET", PATH, { key: "service_sk_" + "x".repeat(48) }), 401, "UNAUTHORIZED");
  });

  it("answers 405 with an Allow header for other methods", async () => {
    const response = await api("PUT", PATH, { key: team.admin.key, body: {} });
    expectError(response, 405, "METHOD_NOT_ALLOWED");
    expect(response.headers.get("allow")).toBe("GET, POST");
    expectError(await api("GET", `${PATH}/${team.member.id}`, { key: team.admin.key }), 405, "METHOD_NOT_ALLOWED");
  });
});

describe("POST /api/workspace/members (an invitation)", () => {
  let team: Team;
  beforeAll(async () => {
    team = await createTeam();
  });

  it("an admin invites by email (any case): 202 {invitation}; nobody moves until the invitee accepts, then with their snaps", async () => {
    const newcomer = await loner("newcomer");
    const snap = await insertSnap(newcomer, { cards: 2, sharedWithWorkspace: true });
    const before = await membershipOf(newcomer.id);

    const response = await api("POST", PATH, { key: team.admin.key, body: { email: `  ${newcomer.email.toUpperCase()} ` } });
    expect(response.status).toBe(202);
    expect(Object.keys(response.body)).toEqual(["invitation"]);
    expect(response.body.invitation).toEqual({ id: expect.any(String), email: newcomer.email, role: "member", expiresAt: expect.stringMatching(ISO_MS) });
    const days = (Date.parse(response.body.invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    // Not a member yet: their membership and snap are where they were.
    expect(await membershipOf(newcomer.id)).toEqual(before);
    expect((await api("GET", PATH, { key: team.admin.key })).body.members.map((member: { id: string }) => member.id)).not.toContain(newcomer.id);

    const accepted = await api("POST", `/api/invitations/${response.body.invitation.id}/accept`, { cookie: newcomer.cookie });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ kind: "workspace", workspace: { id: team.workspaceId, name: "admin's workspace" }, role: "member" });
    expect(await membershipOf(newcomer.id)).toEqual({ workspaceId: team.workspaceId, role: "member" });
    // Their empty personal workspace is gone; their snap came along, no longer shared.
    const { rows: old } = await sql().query(`SELECT id FROM "Workspace" WHERE id = $1`, [before.workspaceId]);
    expect(old).toEqual([]);
    const { rows } = await sql().query(`SELECT "workspaceId", "sharedWithWorkspace" FROM "Snap" WHERE id = $1`, [snap.id]);
    expect(rows[0]).toEqual({ workspaceId: team.workspaceId, sharedWithWorkspace: false });

    const listed = await api("GET", PATH, { cookie: team.member.cookie });
    expect(listed.body.members.map((member: { id: string }) => member.id)).toContain(newcomer.id);
  });

  it("takes role admin, with the session cookie too: the invitee joins as an admin", async () => {
    const newcomer = await loner("co-admin");
    const response = await api("POST", PATH, { cookie: team.admin.cookie, body: { email: newcomer.email, role: "admin" } });
    expect(response.status).toBe(202);
    expect(response.body.invitation).toMatchObject({ email: newcomer.email, role: "admin" });
    expect((await api("POST", `/api/invitations/${response.body.invitation.id}/accept`, { key: newcomer.key })).status).toBe(200);
    expect(await membershipOf(newcomer.id)).toEqual({ workspaceId: team.workspaceId, role: "admin" });
  });

  it("an email without an account gets the same answer as one with (no enumeration); 409 for someone already in the workspace, the caller included", async () => {
    const count = await memberCount(team.workspaceId);
    const unknown = await api("POST", PATH, { key: team.admin.key, body: { email: "nobody-here@example.test" } });
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual({
      invitation: { id: expect.any(String), email: "nobody-here@example.test", role: "member", expiresAt: expect.stringMatching(ISO_MS) },
    });
    expectError(await api("POST", PATH, { key: team.admin.key, body: { email: team.member.email } }), 409, "CONFLICT", ["email"]);
    expectError(await api("POST", PATH, { key: team.admin.key, body: { email: team.admin.email, role: "member" } }), 409, "CONFLICT", ["email"]);
    expect(await memberCount(team.workspaceId)).toBe(count);
    expect(await membershipOf(team.admin.id)).toEqual({ workspaceId: team.workspaceId, role: "admin" });
  });

  it("403 for a plain member, before the email is looked at; nothing is made", async () => {
    const newcomer = await loner("not-added");
    const before = await membershipOf(newcomer.id);
    expectError(await api("POST", PATH, { key: team.member.key, body: { email: newcomer.email } }), 403, "FORBIDDEN");
    expectError(await api("POST", PATH, { cookie: team.member.cookie, body: { email: "nobody-here@example.test" } }), 403, "FORBIDDEN");
    expect(await membershipOf(newcomer.id)).toEqual(before);
    expect((await api("GET", "/api/invitations", { cookie: newcomer.cookie })).body.invitations).toEqual([]);
  });

  it.each([
    ["no email", {}, ["email"]],
    ["a malformed email", { email: "not-an-email" }, ["email"]],
    ["an unknown role", { email: "a@example.test", role: "owner" }, ["role"]],
    ["an unknown field", { email: "a@example.test", workspaceId: "w" }, ["(body)"]],
    ["an array body", [{ email: "a@example.test" }], ["(body)"]],
  ])("400 for %s", async (_label, body, paths) => {
    expectError(await api("POST", PATH, { key: team.admin.key, body }), 400, "BAD_REQUEST", paths);
  });

  it("400 for malformed JSON, 415 for another content type, 401 without auth", async () => {
    expectError(await api("POST", PATH, { key: team.admin.key, rawBody: "{", headers: { "content-type": "application/json" } }), 400, "BAD_REQUEST");
    expectError(await api("POST", PATH, { key: team.admin.key, rawBody: "email=a", headers: { "content-type": "text/plain" } }), 415, "UNSUPPORTED_MEDIA_TYPE");
    expectError(await api("POST", PATH, { body: { email: team.outsider.email } }), 401, "UNAUTHORIZED");
  });
});

describe("PATCH /api/workspace/members/:userId", () => {
  it("an admin promotes and demotes a member: 200 {member}; the new role takes effect on the next request", async () => {
    const team = await createTeam();
    const promoted = await api("PATCH", `${PATH}/${team.member.id}`, { key: team.admin.key, body: { role: "admin" } });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toEqual({
      member: { id: team.member.id, email: team.member.email, name: "member", role: "admin", joinedAt: expect.stringMatching(ISO_MS) },
    });
    expect((await membershipOf(team.member.id)).role).toBe("admin");
    // Now an admin, the member may change roles themselves.
    const byNewAdmin = await api("PATCH", `${PATH}/${team.owner.id}`, { cookie: team.member.cookie, body: { role: "admin" } });
    expect(byNewAdmin.status).toBe(200);

    const demoted = await api("PATCH", `${PATH}/${team.owner.id}`, { cookie: team.admin.cookie, body: { role: "member" } });
    expect(demoted.status).toBe(200);
    expect(demoted.body.member.role).toBe("member");
    // Setting the role a member already has is a no-op 200.
    const same = await api("PATCH", `${PATH}/${team.owner.id}`, { key: team.admin.key, body: { role: "member" } });
    expect(same.body).toEqual(demoted.body);
  });

  it("403 for a plain member (even for an unknown user); nothing changes", async () => {
    const team = await createTeam();
    expectError(await api("PATCH", `${PATH}/${team.member.id}`, { key: team.member.key, body: { role: "admin" } }), 403, "FORBIDDEN");
    expectError(await api("PATCH", `${PATH}/${team.admin.id}`, { cookie: team.owner.cookie, body: { role: "member" } }), 403, "FORBIDDEN");
    expectError(await api("PATCH", `${PATH}/${newId()}`, { key: team.member.key, body: { role: "admin" } }), 403, "FORBIDDEN");
    expect((await membershipOf(team.member.id)).role).toBe("member");
    expect((await membershipOf(team.admin.id)).role).toBe("admin");
  });

  it("404 for an unknown user and for a member of another workspace", async () => {
    const team = await createTeam();
    expectError(await api("PATCH", `${PATH}/${newId()}`, { key: team.admin.key, body: { role: "admin" } }), 404, "NOT_FOUND");
    expectError(await api("PATCH", `${PATH}/${team.outsider.id}`, { key: team.admin.key, body: { role: "member" } }), 404, "NOT_FOUND");
    expect((await membershipOf(team.outsider.id)).role).toBe("admin");
  });

  it.each([
    ["no role", {}, ["role"]],
    ["an unknown role", { role: "owner" }, ["role"]],
    ["a role of the wrong type", { role: 1 }, ["role"]],
    ["an unknown field", { role: "member", email: "x@example.test" }, ["(body)"]],
  ])("400 for %s", async (_label, body, paths) => {
    const team = await createTeam();
    expectError(await api("PATCH", `${PATH}/${team.member.id}`, { key: team.admin.key, body }), 400, "BAD_REQUEST", paths);
  });

  it("409 for demoting the last admin, themselves included; allowed once another admin exists", async () => {
    const team = await createTeam();
    const refused = await api("PATCH", `${PATH}/${team.admin.id}`, { key: team.admin.key, body: { role: "member" } });
    expectError(refused, 409, "CONFLICT");
    expect(refused.body.error.message).toMatch(/only admin/);
    expect((await membershipOf(team.admin.id)).role).toBe("admin");

    expect((await api("PATCH", `${PATH}/${team.member.id}`, { key: team.admin.key, body: { role: "admin" } })).status).toBe(200);
    const stepDown = await api("PATCH", `${PATH}/${team.admin.id}`, { key: team.admin.key, body: { role: "member" } });
    expect(stepDown.status).toBe(200);
    expect(stepDown.body.member.role).toBe("member");
    // The remaining admin is now the last one.
    expectError(await api("PATCH", `${PATH}/${team.member.id}`, { key: team.member.key, body: { role: "member" } }), 409, "CONFLICT");
    // And the former admin has lost admin rights at once.
    expectError(await api("PATCH", `${PATH}/${team.owner.id}`, { key: team.admin.key, body: { role: "admin" } }), 403, "FORBIDDEN");
  });

  it("two admins demoting each other at the same time: one wins, the other is no longer an admin (403)", async () => {
    const team = await createTeam();
    expect((await api("PATCH", `${PATH}/${team.member.id}`, { key: team.admin.key, body: { role: "admin" } })).status).toBe(200);
    const [first, second] = await Promise.all([
      api("PATCH", `${PATH}/${team.member.id}`, { key: team.admin.key, body: { role: "member" } }),
      api("PATCH", `${PATH}/${team.admin.id}`, { key: team.member.key, body: { role: "member" } }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 403]);
    expect(await adminCount(team.workspaceId)).toBe(1);
  });

  it("two admins stepping down at the same time: one may, the other is the last admin (409)", async () => {
    const team = await createTeam();
    expect((await api("PATCH", `${PATH}/${team.member.id}`, { key: team.admin.key, body: { role: "admin" } })).status).toBe(200);
    const [first, second] = await Promise.all([
      api("PATCH", `${PATH}/${team.admin.id}`, { key: team.admin.key, body: { role: "member" } }),
      api("DELETE", `${PATH}/${team.member.id}`, { key: team.member.key }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await adminCount(team.workspaceId)).toBe(1);
  });
});

describe("DELETE /api/workspace/members/:userId", () => {
  it("moves the removed user to a fresh personal workspace as its admin, with their snaps, unshared and unfiled", async () => {
    const team = await createTeam();
    const folder = await api("POST", "/api/folders", { key: team.owner.key, body: { name: "Team plans" } });
    const shared = await insertSnap(team.owner, { cards: 3, sharedWithWorkspace: true, shareMode: "edit" });
    const filed = await api("POST", "/api/snaps", { key: team.owner.key, body: { title: "Filed", rows: 2, cols: 2 } });
    const madePublic = await api("PATCH", `/api/snaps/${filed.body.snap.id}`, {
      key: team.owner.key,
      body: { folderId: folder.body.folder.id, isPublic: true },
    });
    expect(madePublic.status).toBe(200);
    const otherSnap = await insertSnap(team.member, { sharedWithWorkspace: true });
    // Before: the admin sees the owner's shared snap.
    expect((await api("GET", `/api/snaps/${shared.id}`, { key: team.admin.key })).status).toBe(200);

    const removed = await api("DELETE", `${PATH}/${team.owner.id}`, { key: team.admin.key });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });

    const membership = await membershipOf(team.owner.id);
    expect(membership.role).toBe("admin");
    expect(membership.workspaceId).not.toBe(team.workspaceId);
    expect(await memberCount(membership.workspaceId)).toBe(1);
    const { rows: workspaces } = await sql().query(`SELECT name FROM "Workspace" WHERE id = $1`, [membership.workspaceId]);
    expect(workspaces).toEqual([{ name: "owner's workspace" }]);

    const { rows: snaps } = await sql().query(
      `SELECT id, "workspaceId", "sharedWithWorkspace", "folderId", "isPublic" FROM "Snap" WHERE "userId" = $1 ORDER BY id`,
      [team.owner.id],
    );
    expect(snaps).toHaveLength(2);
    snaps.forEach((snap) => expect(snap).toMatchObject({ workspaceId: membership.workspaceId, sharedWithWorkspace: false, folderId: null }));
    expect(snaps.find((snap) => snap.id === filed.body.snap.id)?.isPublic).toBe(true);
    expect(await countCards(shared.id)).toBe(3);
    // The folder stays with the workspace it was made in.
    const { rows: folders } = await sql().query(`SELECT "workspaceId" FROM "Folder" WHERE id = $1`, [folder.body.folder.id]);
    expect(folders).toEqual([{ workspaceId: team.workspaceId }]);

    // The removed user, on the same key and session: alone in their workspace, with their snaps.
    const theirMembers = await api("GET", PATH, { cookie: team.owner.cookie });
    expect(theirMembers.body.members).toEqual([expect.objectContaining({ id: team.owner.id, role: "admin" })]);
    const theirList = await api("GET", "/api/v1/workspace/snaps", { key: team.owner.key });
    expect(theirList.body.snaps.map((snap: { id: string }) => snap.id).sort()).toEqual([shared.id, filed.body.snap.id].sort());
    // The workspace they left no longer sees their snaps, and they no longer see its shared ones.
    expectError(await api("GET", `/api/snaps/${shared.id}`, { key: team.admin.key }), 403, "FORBIDDEN");
    expectError(await api("GET", `/api/snaps/${otherSnap.id}`, { key: team.owner.key }), 403, "FORBIDDEN");
    const left = await api("GET", PATH, { key: team.admin.key });
    expect(left.body.members.map((member: { id: string }) => member.id).sort()).toEqual([team.admin.id, team.member.id].sort());
    // Removing them again: no longer a member.
    expectError(await api("DELETE", `${PATH}/${team.owner.id}`, { key: team.admin.key }), 404, "NOT_FOUND");
  });

  it("403 for a plain member; 404 for an unknown user or another workspace's member; 401 without auth", async () => {
    const team = await createTeam();
    expectError(await api("DELETE", `${PATH}/${team.owner.id}`, { key: team.member.key }), 403, "FORBIDDEN");
    expectError(await api("DELETE", `${PATH}/${team.admin.id}`, { cookie: team.member.cookie }), 403, "FORBIDDEN");
    expectError(await api("DELETE", `${PATH}/${newId()}`, { key: team.admin.key }), 404, "NOT_FOUND");
    expectError(await api("DELETE", `${PATH}/${team.outsider.id}`, { key: team.admin.key }), 404, "NOT_FOUND");
    expectError(await api("DELETE", `${PATH}/${team.owner.id}`), 401, "UNAUTHORIZED");
    expect(await memberCount(team.workspaceId)).toBe(3);
    expect((await membershipOf(team.outsider.id)).role).toBe("admin");
  });

  it("409 for removing the last admin (yourself); allowed once another admin exists", async () => {
    const team = await createTeam();
    const refused = await api("DELETE", `${PATH}/${team.admin.id}`, { key: team.admin.key });
    expectError(refused, 409, "CONFLICT");
    expect(refused.body.error.message).toMatch(/only admin/);
    expect(await membershipOf(team.admin.id)).toEqual({ workspaceId: team.workspaceId, role: "admin" });

    expect((await api("PATCH", `${PATH}/${team.member.id}`, { cookie: team.admin.cookie, body: { role: "admin" } })).status).toBe(200);
    // The new admin may remove the original one, who is no longer the only admin.
    expect((await api("DELETE", `${PATH}/${team.admin.id}`, { key: team.member.key })).status).toBe(200);
    const moved = await membershipOf(team.admin.id);
    expect(moved.workspaceId).not.toBe(team.workspaceId);
    expect(moved.role).toBe("admin");
    // And then may not remove themselves, being the last admin left.
    expectError(await api("DELETE", `${PATH}/${team.member.id}`, { key: team.member.key }), 409, "CONFLICT");
  });

  it("an admin who was added may leave while another admin remains; nobody leaves their personal workspace (409)", async () => {
    const team = await createTeam();
    expect((await api("PATCH", `${PATH}/${team.owner.id}`, { key: team.admin.key, body: { role: "admin" } })).status).toBe(200);
    // team.admin's workspace is their personal one (made at sign-up): there is nowhere to leave to.
    const personal = await api("DELETE", `${PATH}/${team.admin.id}`, { cookie: team.admin.cookie });
    expectError(personal, 409, "CONFLICT");
    expect(personal.body.error.message).toMatch(/personal workspace/);
    expect((await membershipOf(team.admin.id)).workspaceId).toBe(team.workspaceId);
    // team.owner was added to it, and another admin remains.
    expect((await api("DELETE", `${PATH}/${team.owner.id}`, { cookie: team.owner.cookie })).status).toBe(200);
    expect((await membershipOf(team.owner.id)).workspaceId).not.toBe(team.workspaceId);
    const listed = await api("GET", PATH, { key: team.admin.key });
    expect(listed.body.members.map((member: { id: string }) => member.id).sort()).toEqual([team.admin.id, team.member.id].sort());
  });

  it("a plain member leaves a workspace they were added to (their own id): a fresh personal workspace, with their snaps, audited", async () => {
    const team = await createTeam();
    const snap = await insertSnap(team.member, { sharedWithWorkspace: true });
    const left = await api("DELETE", `${PATH}/${team.member.id}`, { key: team.member.key });
    expect(left.status).toBe(200);
    const membership = await membershipOf(team.member.id);
    expect(membership.workspaceId).not.toBe(team.workspaceId);
    expect(membership.role).toBe("admin");
    const { rows } = await sql().query(`SELECT "workspaceId", "sharedWithWorkspace" FROM "Snap" WHERE id = $1`, [snap.id]);
    expect(rows[0]).toEqual({ workspaceId: membership.workspaceId, sharedWithWorkspace: false });
    const log = await api("GET", "/api/workspace/audit-log?action=member.left", { cookie: team.admin.cookie });
    expect(log.body.entries[0]).toMatchObject({ actor: { type: "api_key", userId: team.member.id }, target: { type: "member", id: team.member.id } });
    // Their new workspace is their personal one: they cannot leave it.
    expectError(await api("DELETE", `${PATH}/${team.member.id}`, { key: team.member.key }), 409, "CONFLICT");
    // Another member's id is still admins only.
    expectError(await api("DELETE", `${PATH}/${team.admin.id}`, { key: team.owner.key }), 403, "FORBIDDEN");
  });
});
