import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, uniqueEmail } from "./helpers";
import { createTeam, sql, type Team } from "./fixtures";
import { expectError, insertSnap, newId } from "./card-fixtures";
import { openEventStream, type EventStream } from "./live-helpers";
import { feedCaughtUp } from "./feed-caught-up";

/**
 * Board members (docs/API.md, "Board members"): an invitation by email, accepted through
 * /api/invitations; what each role may do; a guest sees the board and nothing else of its workspace;
 * search, comments, mentions, notifications, the feed, exports and live streams follow the role, and
 * a removal or a lowered role holds at once.
 */
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
  expect(stream.status).toBe(200);
  const ready = await stream.next("ready");
  return { stream, ready };
}

/** The owner invites the outsider with a role, and the outsider accepts through /api/invitations. */
async function inviteOutsider(snapId: string, role: "viewer" | "commenter" | "editor") {
  const invited = await api("POST", `/api/snaps/${snapId}/members`, { key: team.owner.key, body: { email: team.outsider.email, role } });
  expect(invited.status, JSON.stringify(invited.body)).toBe(202);
  const accepted = await api("POST", `/api/invitations/${invited.body.invitation.id}/accept`, { key: team.outsider.key });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return accepted.body;
}

describe("board members", () => {
  it("an invitation by email, accepted: a guest who reads, comments and is mentioned on that board and sees nothing else of the workspace", async () => {
    const marker = `guestmarker${newId().slice(-6)}`;
    const snap = await insertSnap(team.owner, { cards: 1 });
    const other = await insertSnap(team.owner, { cards: 1 });
    await sql().query(`UPDATE "Card" SET title = $2 WHERE "snapId" = ANY($1)`, [[snap.id, other.id], marker]);

    // The same answer whether or not the email has an account (no enumeration).
    const unknown = await api("POST", `/api/snaps/${snap.id}/members`, { key: team.owner.key, body: { email: uniqueEmail("nobody"), role: "viewer" } });
    expect(unknown.status).toBe(202);
    const invited = await api("POST", `/api/snaps/${snap.id}/members`, { key: team.owner.key, body: { email: team.outsider.email, role: "commenter" } });
    expect(invited.status).toBe(202);
    expect(Object.keys(invited.body.invitation).sort()).toEqual(Object.keys(unknown.body.invitation).sort());
    expect(invited.body.invitation).toMatchObject({ email: team.outsider.email, role: "commenter" });

    // The invitee sees it with its kind; nobody else can answer it.
    const own = await api("GET", "/api/invitations", { key: team.outsider.key });
    expect(own.body.invitations).toContainEqual(
      expect.objectContaining({ kind: "board", id: invited.body.invitation.id, role: "commenter", snap: { id: snap.id, title: "Untitled Snap" } }),
    );
    expectError(await api("POST", `/api/invitations/${invited.body.invitation.id}/accept`, { key: team.member.key }), 404, "NOT_FOUND");
    const accepted = await api("POST", `/api/invitations/${invited.body.invitation.id}/accept`, { key: team.outsider.key });
    expect(accepted.body).toEqual({ kind: "board", snap: { id: snap.id, title: "Untitled Snap" }, role: "commenter" });

    // Managers see emails and invitations; the guest sees names and roles only.
    const asOwner = await api("GET", `/api/snaps/${snap.id}/members`, { key: team.owner.key });
    expect(asOwner.body.members).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: team.outsider.id, email: team.outsider.email }), role: "commenter", guest: true }),
    ]);
    expect(asOwner.body.invitations.map((i: { id: string }) => i.id)).toEqual([unknown.body.invitation.id]);
    const asGuest = await api("GET", `/api/snaps/${snap.id}/members`, { key: team.outsider.key });
    expect(asGuest.body.members[0].user.email).toBeUndefined();
    expect(asGuest.body.invitations).toEqual([]);
    expect(JSON.stringify(asGuest.body)).not.toContain("@");

    // Shared with me; the workspace's admin sees the guest.
    const shared = await api("GET", "/api/snaps/shared-with-me", { key: team.outsider.key });
    expect(shared.body.snaps).toEqual([expect.objectContaining({ id: snap.id, role: "commenter", guest: true })]);
    const guests = await api("GET", "/api/workspace/guests", { key: team.admin.key });
    expect(guests.body.guests).toContainEqual({
      user: expect.objectContaining({ id: team.outsider.id }),
      snaps: [expect.objectContaining({ id: snap.id, role: "commenter" })],
    });

    // Reads and comments; never edits, shares, or sees the workspace's other boards.
    expect((await api("GET", `/api/snaps/${snap.id}`, { key: team.outsider.key })).status).toBe(200);
    expect((await api("GET", `/api/snaps/${snap.id}/export`, { key: team.outsider.key })).status).toBe(200);
    expectError(await api("PATCH", `/api/snaps/${snap.id}`, { key: team.outsider.key, body: { title: "taken" } }), 403, "FORBIDDEN");
    expectError(await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { key: team.outsider.key, body: { title: "taken" } }), 403, "FORBIDDEN");
    expectError(
      await api("POST", `/api/snaps/${snap.id}/members`, { key: team.outsider.key, body: { email: uniqueEmail("x"), role: "viewer" } }),
      403,
      "FORBIDDEN",
    );
    expectError(await api("GET", `/api/snaps/${other.id}`, { key: team.outsider.key }), 403, "FORBIDDEN");
    const search = await api("GET", `/api/search?q=${marker}`, { key: team.outsider.key });
    expect(search.status).toBe(200);
    expect(search.body.results.map((r: { snap: { id: string } }) => r.snap.id)).toEqual([snap.id]);
    const listing = await api("GET", "/api/v1/workspace/snaps?limit=100", { key: team.outsider.key });
    expect(JSON.stringify(listing.body)).not.toContain(snap.id);
    const members = await api("GET", "/api/workspace/members", { key: team.outsider.key });
    expect(JSON.stringify(members.body)).not.toContain(team.owner.email);

    const comment = await api("POST", `/api/snaps/${snap.id}/comments`, { key: team.outsider.key, body: { body: "Looks good", cardId: snap.cardIds[0] } });
    expect(comment.status).toBe(201);
    // Mentions name people who can read the board: the guest yes, a stranger no.
    const mention = await api("POST", `/api/snaps/${snap.id}/comments`, { key: team.owner.key, body: { body: `Thanks <@${team.outsider.id}>` } });
    expect(mention.status, JSON.stringify(mention.body)).toBe(201);
    const stranger = newId();
    await sql().query(`INSERT INTO "User" (id, email, "updatedAt") VALUES ($1, $2, now())`, [stranger, uniqueEmail("stranger")]);
    expectError(await api("POST", `/api/snaps/${snap.id}/comments`, { key: team.owner.key, body: { body: `Hi <@${stranger}>` } }), 400, "BAD_REQUEST");
    const inbox = await api("GET", "/api/notifications", { key: team.outsider.key });
    expect(inbox.body.notifications).toContainEqual(expect.objectContaining({ type: "mention", snap: expect.objectContaining({ id: snap.id }) }));

    // The feed and the audit log record the member's arrival.
    await feedCaughtUp();
    const feed = await api("GET", `/api/events?snapId=${snap.id}`, { key: team.owner.key });
    expect(feed.body.events).toContainEqual(
      expect.objectContaining({
        type: "member.added",
        data: { snapId: snap.id, member: expect.objectContaining({ userId: team.outsider.id, role: "commenter", guest: true }) },
      }),
    );
    const audit = await api("GET", "/api/workspace/audit-log?action=board", { key: team.admin.key });
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(["board.member_invited", "board.member_added"]));
  });

  it("a lowered role and a removal hold at once: the stream says so, comments, search, feed, export and notifications follow", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    await inviteOutsider(snap.id, "editor");
    const { stream, ready } = await watch(snap.id, team.outsider.key);
    expect(ready.data.access).toBe("edit");
    expect((await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { key: team.outsider.key, body: { title: "edited by the guest" } })).status).toBe(200);

    const lowered = await api("PATCH", `/api/snaps/${snap.id}/members/${team.outsider.id}`, { key: team.owner.key, body: { role: "viewer" } });
    expect(lowered.status).toBe(200);
    expect(lowered.body.member).toMatchObject({ role: "viewer", guest: true });
    expect((await stream.next("access")).data).toEqual({ access: "read" });
    expectError(await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { key: team.outsider.key, body: { title: "again" } }), 403, "FORBIDDEN");
    expectError(await api("POST", `/api/snaps/${snap.id}/comments`, { key: team.outsider.key, body: { body: "a viewer's" } }), 403, "FORBIDDEN");
    // A member may not raise their own role.
    expectError(
      await api("PATCH", `/api/snaps/${snap.id}/members/${team.outsider.id}`, { key: team.outsider.key, body: { role: "editor" } }),
      403,
      "FORBIDDEN",
    );

    const removed = await api("DELETE", `/api/snaps/${snap.id}/members/${team.outsider.id}`, { key: team.owner.key });
    expect(removed.status).toBe(200);
    expect((await stream.next("access-revoked")).data.message).toBe("You were removed from this board");
    await stream.ended;
    for (const path of [
      `/api/snaps/${snap.id}`,
      `/api/snaps/${snap.id}/export`,
      `/api/snaps/${snap.id}/history`,
      `/api/snaps/${snap.id}/comments`,
      `/api/snaps/${snap.id}/members`,
    ]) {
      expectError(await api("GET", path, { key: team.outsider.key }), 403, "FORBIDDEN");
    }
    expect((await api("GET", "/api/search?q=edited", { key: team.outsider.key })).body.results.map((r: { snap: { id: string } }) => r.snap.id)).not.toContain(
      snap.id,
    );
    expect((await api("GET", "/api/snaps/shared-with-me", { key: team.outsider.key })).body.snaps.map((s: { id: string }) => s.id)).not.toContain(snap.id);
    await feedCaughtUp();
    expect((await api("GET", `/api/events?snapId=${snap.id}`, { key: team.outsider.key })).body.events).toEqual([]);
    const feed = await api("GET", `/api/events?snapId=${snap.id}`, { key: team.owner.key });
    expect(feed.body.events.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(["member.added", "member.role_changed", "member.removed"]));
    // Removing again: no such member.
    expectError(await api("DELETE", `/api/snaps/${snap.id}/members/${team.outsider.id}`, { key: team.owner.key }), 404, "NOT_FOUND");
  });

  it("a member leaves by themself; a workspace admin removes a guest from every board; invitations are revoked and declined", async () => {
    const [first, second] = [await insertSnap(team.owner, { cards: 0 }), await insertSnap(team.owner, { cards: 0 })];
    await inviteOutsider(first.id, "viewer");
    await inviteOutsider(second.id, "commenter");
    expect((await api("DELETE", `/api/snaps/${first.id}/members/${team.outsider.id}`, { key: team.outsider.key })).status).toBe(200);
    const sharedIds = (await api("GET", "/api/snaps/shared-with-me", { key: team.outsider.key })).body.snaps.map((s: { id: string }) => s.id);
    expect(sharedIds).toContain(second.id);
    expect(sharedIds).not.toContain(first.id);
    expectError(await api("DELETE", `/api/workspace/guests/${team.outsider.id}`, { key: team.member.key }), 403, "FORBIDDEN");
    expect((await api("DELETE", `/api/workspace/guests/${team.outsider.id}`, { key: team.admin.key })).status).toBe(200);
    expectError(await api("GET", `/api/snaps/${second.id}`, { key: team.outsider.key }), 403, "FORBIDDEN");
    expectError(await api("DELETE", `/api/workspace/guests/${team.member.id}`, { key: team.admin.key }), 404, "NOT_FOUND");

    const revokedOne = await api("POST", `/api/snaps/${first.id}/members`, { key: team.owner.key, body: { email: team.outsider.email, role: "editor" } });
    expect((await api("DELETE", `/api/snaps/${first.id}/invitations/${revokedOne.body.invitation.id}`, { key: team.owner.key })).status).toBe(200);
    expectError(await api("POST", `/api/invitations/${revokedOne.body.invitation.id}/accept`, { key: team.outsider.key }), 404, "NOT_FOUND");
    const declinedOne = await api("POST", `/api/snaps/${first.id}/members`, { key: team.owner.key, body: { email: team.outsider.email, role: "editor" } });
    expect((await api("POST", `/api/invitations/${declinedOne.body.invitation.id}/decline`, { key: team.outsider.key })).status).toBe(200);
    expectError(await api("GET", `/api/snaps/${first.id}`, { key: team.outsider.key }), 403, "FORBIDDEN");
  });

  it("bad input is a 400 naming the field; the owner's or a member's email a 409; nothing is written", async () => {
    const snap = await insertSnap(team.owner, { cards: 0 });
    const before = await sql().query(`SELECT count(*)::int AS n FROM "SnapInvitation" WHERE "snapId" = $1`, [snap.id]);
    expectError(
      await api("POST", `/api/snaps/${snap.id}/members`, { key: team.owner.key, body: { email: "not an email", role: "viewer" } }),
      400,
      "BAD_REQUEST",
      ["email"],
    );
    expectError(
      await api("POST", `/api/snaps/${snap.id}/members`, { key: team.owner.key, body: { email: uniqueEmail("x"), role: "owner" } }),
      400,
      "BAD_REQUEST",
      ["role"],
    );
    expectError(
      await api("POST", `/api/snaps/${snap.id}/members`, { key: team.owner.key, body: { email: uniqueEmail("x"), role: "viewer", extra: 1 } }),
      400,
      "BAD_REQUEST",
    );
    expectError(
      await api("POST", `/api/snaps/${snap.id}/members`, { key: team.owner.key, body: { email: team.owner.email, role: "viewer" } }),
      409,
      "CONFLICT",
      ["email"],
    );
    await inviteOutsider(snap.id, "viewer");
    expectError(
      await api("POST", `/api/snaps/${snap.id}/members`, { key: team.owner.key, body: { email: team.outsider.email, role: "editor" } }),
      409,
      "CONFLICT",
      ["email"],
    );
    expectError(await api("PATCH", `/api/snaps/${snap.id}/members/${team.outsider.id}`, { key: team.owner.key, body: { role: "admin" } }), 400, "BAD_REQUEST", [
      "role",
    ]);
    expectError(await api("PATCH", `/api/snaps/${snap.id}/members/${team.member.id}`, { key: team.owner.key, body: { role: "editor" } }), 404, "NOT_FOUND");
    const after = await sql().query(`SELECT count(*)::int AS n FROM "SnapInvitation" WHERE "snapId" = $1`, [snap.id]);
    expect(after.rows[0].n).toBe(before.rows[0].n);
    // shareMode gains `comment`: members comment, never edit.
    expect((await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { sharedWithWorkspace: true, shareMode: "comment" } })).status).toBe(200);
    expect((await api("POST", `/api/snaps/${snap.id}/comments`, { key: team.member.key, body: { body: "from the workspace" } })).status).toBe(201);
    expectError(await api("PATCH", `/api/snaps/${snap.id}`, { key: team.member.key, body: { title: "x" } }), 403, "FORBIDDEN");
    expectError(await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { shareMode: "review" } }), 400, "BAD_REQUEST", ["shareMode"]);
  });
});
