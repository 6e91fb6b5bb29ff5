import { beforeAll, describe, expect, it } from "vitest";
import { api, type Caller } from "./helpers";
import { createTeam, sql, type Team, type TeamMember } from "./fixtures";
import { expectError, insertSnap, newId } from "./card-fixtures";
import { openEventStream } from "./live-helpers";
import { feedCaughtUp } from "./feed-caught-up";

let team: Team;
beforeAll(async () => {
  team = await createTeam();
});

const as = (member: TeamMember, extra: Record<string, unknown> = {}): Caller & Record<string, unknown> => ({ key: member.key, ...extra });

async function comment(member: TeamMember, snapId: string, body: Record<string, unknown>) {
  const response = await api("POST", `/api/snaps/${snapId}/comments`, { key: member.key, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.comment;
}

async function list(member: TeamMember, snapId: string, query = "") {
  const response = await api("GET", `/api/snaps/${snapId}/comments${query}`, as(member));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function inbox(member: TeamMember, query = "") {
  const response = await api("GET", `/api/notifications${query}`, as(member));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** The notifications a member has about one comment. */
async function notificationsOf(member: TeamMember, commentId: string) {
  return (await inbox(member, "?limit=100")).notifications.filter((n: { comment: { id: string } }) => n.comment.id === commentId);
}

async function readOnlyKey(member: TeamMember): Promise<string> {
  const response = await api("POST", "/api/keys", { cookie: member.cookie, body: { name: "read only", access: "read" } });
  expect(response.status).toBe(201);
  return response.body.apiKey.key;
}

describe("who may comment", () => {
  it("whoever may comment on the snap, with a session or a full key; not a viewer, an outsider, a read-only key or no one", async () => {
    // A workspace share in `view` mode reads only (docs/API.md, "Permissions"); `comment` comments too.
    const viewOnly = await insertSnap(team.owner, { cards: 1, sharedWithWorkspace: true, shareMode: "view" });
    expectError(await api("POST", `/api/snaps/${viewOnly.id}/comments`, { key: team.member.key, body: { body: "hi" } }), 403, "FORBIDDEN");
    const snap = await insertSnap(team.owner, { cards: 1, sharedWithWorkspace: true, shareMode: "comment" });
    const bySession = await api("POST", `/api/snaps/${snap.id}/comments`, { cookie: team.owner.cookie, body: { body: "From the browser" } });
    expect(bySession.status).toBe(201);
    expect(bySession.body.comment).toMatchObject({
      snapId: snap.id,
      cardId: null,
      parentId: null,
      body: "From the browser",
      author: { id: team.owner.id, name: "owner" },
      actor: { type: "user", userId: team.owner.id, apiKeyId: null },
      deleted: false,
      replyCount: 0,
      resolvedAt: null,
      resolvedBy: null,
      editedAt: null,
      mentions: [],
    });
    // A view-only share is enough: commenting needs read access.
    const byMember = await comment(team.member, snap.id, { body: "  A member's view  ", cardId: snap.cardIds[0] });
    expect(byMember).toMatchObject({ body: "A member's view", cardId: snap.cardIds[0], actor: { type: "apiKey" } });

    expectError(await api("POST", `/api/snaps/${snap.id}/comments`, { key: team.outsider.key, body: { body: "hi" } }), 403, "FORBIDDEN");
    expectError(await api("POST", `/api/snaps/${snap.id}/comments`, { key: await readOnlyKey(team.member), body: { body: "hi" } }), 403, "FORBIDDEN");
    expectError(await api("POST", `/api/snaps/${snap.id}/comments`, { body: { body: "hi" } }), 401, "UNAUTHORIZED");
    expectError(await api("POST", `/api/snaps/${newId()}/comments`, { key: team.owner.key, body: { body: "hi" } }), 404, "NOT_FOUND");
    // A read-only key still reads them; an outsider does not.
    expect((await api("GET", `/api/snaps/${snap.id}/comments`, { key: await readOnlyKey(team.member) })).body.comments).toHaveLength(2);
    expectError(await api("GET", `/api/snaps/${snap.id}/comments`, { key: team.outsider.key }), 403, "FORBIDDEN");

    const privateSnap = await insertSnap(team.owner);
    expectError(await api("POST", `/api/snaps/${privateSnap.id}/comments`, { key: team.member.key, body: { body: "hi" } }), 403, "FORBIDDEN");
  });

  it("refuses bodies empty after trimming or over 10,000 characters, and cards or parents of another snap", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const other = await insertSnap(team.owner, { cards: 1 });
    const post = (body: unknown) => api("POST", `/api/snaps/${snap.id}/comments`, { key: team.owner.key, body });
    expectError(await post({ body: "   " }), 400, "BAD_REQUEST", ["body"]);
    expectError(await post({ body: "x".repeat(10_001) }), 400, "BAD_REQUEST", ["body"]);
    expect((await post({ body: ` ${"x".repeat(10_000)} ` })).status).toBe(201);
    expectError(await post({ body: "hi", cardId: other.cardIds[0] }), 400, "BAD_REQUEST", ["cardId"]);
    const elsewhere = await comment(team.owner, other.id, { body: "elsewhere" });
    expectError(await post({ body: "hi", parentId: elsewhere.id }), 400, "BAD_REQUEST", ["parentId"]);
    expectError(await post({ body: "hi", colour: "red" }), 400, "BAD_REQUEST");
  });
});

describe("mentions", () => {
  it("names the people mentioned; an outsider or an unknown id is 400 naming them; more than 20 is 400", async () => {
    const snap = await insertSnap(team.owner, { sharedWithWorkspace: true, shareMode: "comment" });
    const created = await comment(team.owner, snap.id, { body: `<@${team.member.id}> and <@${team.admin.id}>, and again <@${team.member.id}>` });
    expect(created.mentions).toEqual([
      { userId: team.member.id, name: "member" },
      { userId: team.admin.id, name: "admin" },
    ]);

    const outsider = await api("POST", `/api/snaps/${snap.id}/comments`, { key: team.owner.key, body: { body: `hey <@${team.outsider.id}>` } });
    expectError(outsider, 400, "BAD_REQUEST", ["body"]);
    expect(outsider.body.error.message).toContain(team.outsider.id);
    const unknown = newId();
    const nobody = await api("POST", `/api/snaps/${snap.id}/comments`, { key: team.owner.key, body: { body: `hey <@${unknown}>` } });
    expectError(nobody, 400, "BAD_REQUEST", ["body"]);
    expect(nobody.body.error.message).toContain(unknown);

    const many = Array.from({ length: 21 }, () => `<@${newId()}>`).join(" ");
    const tooMany = await api("POST", `/api/snaps/${snap.id}/comments`, { key: team.owner.key, body: { body: many } });
    expectError(tooMany, 400, "BAD_REQUEST", ["body"]);
    expect(tooMany.body.error.message).toMatch(/20/);

    // A private snap: a workspace member cannot read it, so cannot be mentioned there.
    const privateSnap = await insertSnap(team.owner);
    expectError(
      await api("POST", `/api/snaps/${privateSnap.id}/comments`, { key: team.owner.key, body: { body: `<@${team.member.id}>` } }),
      400,
      "BAD_REQUEST",
      ["body"],
    );
  });
});

describe("threads", () => {
  it("a reply to a reply joins its root, on the root's card; replyCount counts the replies", async () => {
    const snap = await insertSnap(team.owner, { cards: 2, sharedWithWorkspace: true, shareMode: "comment" });
    const root = await comment(team.owner, snap.id, { body: "root", cardId: snap.cardIds[0] });
    const reply = await comment(team.member, snap.id, { body: "reply", parentId: root.id });
    const nested = await comment(team.admin, snap.id, { body: "reply to the reply", parentId: reply.id });
    expect(reply).toMatchObject({ parentId: root.id, cardId: snap.cardIds[0] });
    expect(nested).toMatchObject({ parentId: root.id, cardId: snap.cardIds[0] });
    expectError(
      await api("POST", `/api/snaps/${snap.id}/comments`, { key: team.member.key, body: { body: "x", parentId: root.id, cardId: snap.cardIds[1] } }),
      400,
      "BAD_REQUEST",
      ["cardId"],
    );
    const { comments } = await list(team.member, snap.id);
    expect(comments.map((c: { id: string }) => c.id)).toEqual([root.id, reply.id, nested.id]);
    expect(comments[0].replyCount).toBe(2);
  });

  it("threads after deletes: a root with replies stays deleted with an empty body, and goes with its last reply", async () => {
    const snap = await insertSnap(team.owner, { sharedWithWorkspace: true, shareMode: "comment" });
    const root = await comment(team.member, snap.id, { body: `root <@${team.admin.id}>` });
    const first = await comment(team.admin, snap.id, { body: "first", parentId: root.id });
    const second = await comment(team.owner, snap.id, { body: "second", parentId: root.id });
    const leaf = await comment(team.member, snap.id, { body: "a lone root" });

    expect((await api("DELETE", `/api/comments/${root.id}`, as(team.member))).body).toEqual({ success: true });
    let { comments } = await list(team.owner, snap.id);
    expect(comments[0]).toMatchObject({ id: root.id, deleted: true, body: "", mentions: [], replyCount: 2 });
    expect(await notificationsOf(team.admin, root.id)).toEqual([]);
    expectError(await api("PATCH", `/api/comments/${root.id}`, { key: team.member.key, body: { body: "back" } }), 400, "BAD_REQUEST");

    await api("DELETE", `/api/comments/${first.id}`, as(team.admin));
    ({ comments } = await list(team.owner, snap.id));
    expect(comments.map((c: { id: string }) => c.id)).toEqual([root.id, second.id, leaf.id]);
    await api("DELETE", `/api/comments/${second.id}`, as(team.owner));
    ({ comments } = await list(team.owner, snap.id));
    expect(comments.map((c: { id: string }) => c.id)).toEqual([leaf.id]);
    await api("DELETE", `/api/comments/${leaf.id}`, as(team.member));
    expect((await list(team.owner, snap.id)).comments).toEqual([]);
    expectError(await api("DELETE", `/api/comments/${leaf.id}`, as(team.member)), 404, "NOT_FOUND");
  });
});

describe("edit, delete, resolve", () => {
  it("edits by the author only, setting editedAt", async () => {
    const snap = await insertSnap(team.owner, { sharedWithWorkspace: true, shareMode: "edit" });
    const mine = await comment(team.member, snap.id, { body: "typo" });
    expectError(await api("PATCH", `/api/comments/${mine.id}`, { key: team.owner.key, body: { body: "owner's" } }), 403, "FORBIDDEN");
    expectError(await api("PATCH", `/api/comments/${mine.id}`, { key: team.admin.key, body: { body: "admin's" } }), 403, "FORBIDDEN");
    expectError(await api("PATCH", `/api/comments/${mine.id}`, { key: team.outsider.key, body: { body: "x" } }), 403, "FORBIDDEN");
    expectError(await api("PATCH", `/api/comments/${mine.id}`, { key: team.member.key, body: { body: "" } }), 400, "BAD_REQUEST", ["body"]);
    expectError(await api("PATCH", `/api/comments/${newId()}`, { key: team.member.key, body: { body: "x" } }), 404, "NOT_FOUND");
    const edited = await api("PATCH", `/api/comments/${mine.id}`, { key: team.member.key, body: { body: "fixed" } });
    expect(edited.status).toBe(200);
    expect(edited.body.comment).toMatchObject({ body: "fixed", editedAt: expect.any(String) });
    expect(edited.body.comment.createdAt).toBe(mine.createdAt);
  });

  it("deletes by the author, the snap's owner or a workspace admin; not another member", async () => {
    const snap = await insertSnap(team.owner, { sharedWithWorkspace: true, shareMode: "edit" });
    const [a, b, c] = [
      await comment(team.member, snap.id, { body: "a" }),
      await comment(team.member, snap.id, { body: "b" }),
      await comment(team.admin, snap.id, { body: "c" }),
    ];
    const d = await comment(team.owner, snap.id, { body: "d" });
    expectError(await api("DELETE", `/api/comments/${d.id}`, as(team.member)), 403, "FORBIDDEN");
    expectError(await api("DELETE", `/api/comments/${c.id}`, as(team.member)), 403, "FORBIDDEN");
    expectError(await api("DELETE", `/api/comments/${a.id}`, as(team.outsider)), 403, "FORBIDDEN");
    expect((await api("DELETE", `/api/comments/${a.id}`, as(team.member))).status).toBe(200);
    expect((await api("DELETE", `/api/comments/${b.id}`, as(team.owner))).status).toBe(200);
    expect((await api("DELETE", `/api/comments/${c.id}`, as(team.admin))).status).toBe(200);
    expect((await api("DELETE", `/api/comments/${d.id}`, as(team.admin))).status).toBe(200);
    expect((await list(team.owner, snap.id)).comments).toEqual([]);
  });

  it("resolves and reopens a root, by anyone who may comment; a reply is 400", async () => {
    const snap = await insertSnap(team.owner, { sharedWithWorkspace: true, shareMode: "comment" });
    const root = await comment(team.owner, snap.id, { body: "root" });
    const reply = await comment(team.owner, snap.id, { body: "reply", parentId: root.id });
    const resolved = await api("POST", `/api/comments/${root.id}/resolve`, { key: team.member.key, body: { resolved: true } });
    expect(resolved.status).toBe(200);
    expect(resolved.body.comment).toMatchObject({ resolvedAt: expect.any(String), resolvedBy: { id: team.member.id, name: "member" } });
    expectError(await api("POST", `/api/comments/${reply.id}/resolve`, { key: team.member.key, body: { resolved: true } }), 400, "BAD_REQUEST");
    expectError(await api("POST", `/api/comments/${root.id}/resolve`, { key: team.outsider.key, body: { resolved: true } }), 403, "FORBIDDEN");
    expectError(await api("POST", `/api/comments/${root.id}/resolve`, { key: team.member.key, body: { resolved: "yes" } }), 400, "BAD_REQUEST", ["resolved"]);
    expectError(await api("POST", `/api/comments/${root.id}/resolve`, { key: await readOnlyKey(team.member), body: { resolved: false } }), 403, "FORBIDDEN");
    const reopened = await api("POST", `/api/comments/${root.id}/resolve`, { key: team.admin.key, body: { resolved: false } });
    expect(reopened.body.comment).toMatchObject({ resolvedAt: null, resolvedBy: null });
  });

  it("deleting a card deletes its comments; deleting a snap deletes its comments and notifications", async () => {
    const snap = await insertSnap(team.owner, { cards: 2, sharedWithWorkspace: true, shareMode: "edit" });
    const onCard = await comment(team.member, snap.id, { body: "on the card", cardId: snap.cardIds[0] });
    await comment(team.member, snap.id, { body: "reply", parentId: onCard.id });
    const onBoard = await comment(team.member, snap.id, { body: `board <@${team.admin.id}>` });
    expect((await api("DELETE", `/api/snaps/cards/${snap.cardIds[0]}`, as(team.owner))).status).toBe(200);
    expect((await list(team.owner, snap.id)).comments.map((c: { id: string }) => c.id)).toEqual([onBoard.id]);
    expect(await notificationsOf(team.admin, onBoard.id)).toHaveLength(1);
    expect((await api("DELETE", `/api/snaps/${snap.id}`, as(team.owner))).status).toBe(200);
    const { rows } = await sql().query(
      `SELECT (SELECT count(*) FROM "Comment" WHERE "snapId" = $1)::int AS comments, (SELECT count(*) FROM "Notification" WHERE "snapId" = $1)::int AS notifications`,
      [snap.id],
    );
    expect(rows[0]).toEqual({ comments: 0, notifications: 0 });
  });
});

describe("listing", () => {
  it("pages oldest first with cursors, filters by card or board, and refuses bad arguments", async () => {
    const snap = await insertSnap(team.owner, { cards: 1 });
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await comment(team.owner, snap.id, { body: `c${i}`, cardId: i % 2 ? snap.cardIds[0] : null }));
    const seen: string[] = [];
    let page = await list(team.owner, snap.id, "?limit=2");
    seen.push(...page.comments.map((c: { id: string }) => c.id));
    while (page.hasMore) {
      expect(page.comments).toHaveLength(2);
      page = await list(team.owner, snap.id, `?limit=2&after=${page.nextCursor}`);
      seen.push(...page.comments.map((c: { id: string }) => c.id));
    }
    expect(page.nextCursor).toBeNull();
    expect(seen).toEqual(made.map((c) => c.id));
    expect((await list(team.owner, snap.id, `?cardId=${snap.cardIds[0]}`)).comments.map((c: { body: string }) => c.body)).toEqual(["c1", "c3"]);
    expect((await list(team.owner, snap.id, "?cardId=board")).comments.map((c: { body: string }) => c.body)).toEqual(["c0", "c2", "c4"]);
    expect((await list(team.owner, snap.id)).comments).toHaveLength(5);
    for (const query of ["?limit=0", "?limit=101", "?limit=x", "?after=nope!", `?after=${Buffer.from("1.x.y").toString("base64url")}`, "?sort=new"]) {
      expectError(await api("GET", `/api/snaps/${snap.id}/comments${query}`, as(team.owner)), 400, "BAD_REQUEST");
    }
  });
});

describe("notifications", () => {
  it("mention, reply and comment, never of one's own action", async () => {
    const snap = await insertSnap(team.owner, { sharedWithWorkspace: true, shareMode: "comment" });
    // The owner's own root: nobody to tell.
    const own = await comment(team.owner, snap.id, { body: "my own" });
    expect(await notificationsOf(team.owner, own.id)).toEqual([]);

    const root = await comment(team.member, snap.id, { body: `look <@${team.admin.id}>` });
    expect((await notificationsOf(team.owner, root.id)).map((n: { type: string }) => n.type)).toEqual(["comment"]);
    const [mention] = await notificationsOf(team.admin, root.id);
    expect(mention).toMatchObject({
      type: "mention",
      readAt: null,
      snap: { id: snap.id, title: "Untitled Snap" },
      cardId: null,
      comment: { id: root.id, excerpt: "look @admin" },
      actor: { type: "apiKey", userId: team.member.id, name: "member" },
    });
    expect(await notificationsOf(team.member, root.id)).toEqual([]);

    // The admin replies: the root's author hears of it (reply); the owner is not in the thread.
    const reply = await comment(team.admin, snap.id, { body: "on it", parentId: root.id });
    expect((await notificationsOf(team.member, reply.id)).map((n: { type: string }) => n.type)).toEqual(["reply"]);
    expect(await notificationsOf(team.owner, reply.id)).toEqual([]);
    expect(await notificationsOf(team.admin, reply.id)).toEqual([]);
    // The owner replies mentioning the member: one notification each, mention first.
    const second = await comment(team.owner, snap.id, { body: `<@${team.member.id}> done`, parentId: root.id });
    expect((await notificationsOf(team.member, second.id)).map((n: { type: string }) => n.type)).toEqual(["mention"]);
    expect((await notificationsOf(team.admin, second.id)).map((n: { type: string }) => n.type)).toEqual(["reply"]);
    // Mentioning oneself notifies no one.
    const self = await comment(team.member, snap.id, { body: `note to <@${team.member.id}>`, parentId: root.id });
    expect(await notificationsOf(team.member, self.id)).toEqual([]);

    // An edit notifies the newly mentioned only.
    await api("PATCH", `/api/comments/${reply.id}`, { key: team.admin.key, body: { body: `on it <@${team.owner.id}>` } });
    expect((await notificationsOf(team.owner, reply.id)).map((n: { type: string }) => n.type)).toEqual(["mention"]);
    await api("PATCH", `/api/comments/${reply.id}`, { key: team.admin.key, body: { body: `on it <@${team.owner.id}>!` } });
    expect(await notificationsOf(team.owner, reply.id)).toHaveLength(1);
    // The member's edit that mentions the member already notified by reply: not twice.
    await api("PATCH", `/api/comments/${reply.id}`, { key: team.admin.key, body: { body: `on it <@${team.owner.id}> <@${team.member.id}>` } });
    expect(await notificationsOf(team.member, reply.id)).toHaveLength(1);
  });

  it("hides notifications of a snap one can no longer read, and notifies no one who cannot", async () => {
    const snap = await insertSnap(team.owner, { sharedWithWorkspace: true, shareMode: "comment" });
    const root = await comment(team.member, snap.id, { body: `<@${team.admin.id}> see` });
    const before = await inbox(team.admin, "?unreadOnly=true&limit=100");
    expect(before.notifications.some((n: { comment: { id: string } }) => n.comment.id === root.id)).toBe(true);
    expect((await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { sharedWithWorkspace: false } })).status).toBe(200);
    const after = await inbox(team.admin, "?unreadOnly=true&limit=100");
    expect(after.notifications.some((n: { comment: { id: string } }) => n.comment.id === root.id)).toBe(false);
    expect(after.unreadCount).toBe(before.unreadCount - 1);
    // The member, who started the thread, cannot read the snap now: the owner's reply notifies no one.
    const reply = await comment(team.owner, snap.id, { body: "private now", parentId: root.id });
    const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "Notification" WHERE "commentId" = $1`, [reply.id]);
    expect(rows[0].n).toBe(0);
    // Shared again: the old notification shows again.
    await api("PATCH", `/api/snaps/${snap.id}`, { key: team.owner.key, body: { sharedWithWorkspace: true, shareMode: "comment" } });
    expect(await notificationsOf(team.admin, root.id)).toHaveLength(1);
  });

  it("pages newest first, counts unread, and marks read by ids (one's own only) or all", async () => {
    const local = await createTeam();
    const snap = await insertSnap(local.owner, { sharedWithWorkspace: true, shareMode: "comment" });
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await comment(local.member, snap.id, { body: `n${i}` }));
    const seen: string[] = [];
    let page = await api("GET", "/api/notifications?limit=2", { key: local.owner.key }).then((r) => r.body);
    expect(page.unreadCount).toBe(5);
    seen.push(...page.notifications.map((n: { comment: { id: string } }) => n.comment.id));
    while (page.hasMore) {
      page = await api("GET", `/api/notifications?limit=2&after=${page.nextCursor}`, { key: local.owner.key }).then((r) => r.body);
      seen.push(...page.notifications.map((n: { comment: { id: string } }) => n.comment.id));
    }
    expect(seen).toEqual(made.map((c) => c.id).reverse());

    const all = (await api("GET", "/api/notifications", { key: local.owner.key })).body.notifications;
    const others = await api("POST", "/api/notifications/read", { key: local.member.key, body: { ids: [all[0].id] } });
    expect(others.body).toEqual({ unreadCount: 0 });
    const marked = await api("POST", "/api/notifications/read", { key: local.owner.key, body: { ids: [all[0].id, all[1].id] } });
    expect(marked.body).toEqual({ unreadCount: 3 });
    const unread = (await api("GET", "/api/notifications?unreadOnly=true", { key: local.owner.key })).body;
    expect(unread.notifications.map((n: { id: string }) => n.id)).toEqual(all.slice(2).map((n: { id: string }) => n.id));
    expect((await api("GET", "/api/notifications", { key: local.owner.key })).body.notifications[0].readAt).toEqual(expect.any(String));
    expect((await api("POST", "/api/notifications/read", { cookie: local.owner.cookie, body: { all: true } })).body).toEqual({ unreadCount: 0 });
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ["x"], all: true }]) {
      expectError(await api("POST", "/api/notifications/read", { key: local.owner.key, body }), 400, "BAD_REQUEST");
    }
    for (const query of ["?limit=0", "?unreadOnly=yes", "?after=%%%"]) {
      const response = await api("GET", `/api/notifications${query}`, { key: local.owner.key });
      expect(response.status).toBe(400);
    }
    expectError(await api("GET", "/api/notifications"), 401, "UNAUTHORIZED");
  });
});

describe("live", () => {
  it("sends comment changes on the snap's stream and new notifications on the inbox stream", async () => {
    const snap = await insertSnap(team.owner, { sharedWithWorkspace: true, shareMode: "comment" });
    const board = await openEventStream(snap.id, { key: team.owner.key });
    const headers: Record<string, string> = { authorization: `Bearer ${team.admin.key}`, accept: "text/event-stream" };
    const abort = new AbortController();
    const response = await fetch(`${(await import("./helpers")).baseUrl}/api/notifications/stream`, { headers, signal: abort.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const waitFor = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}`);
        text += value;
      }
    };
    try {
      await board.next("ready");
      await waitFor(/event: ready/);
      const created = await comment(team.member, snap.id, { body: `<@${team.admin.id}> live` });
      const message = await board.next("comment");
      expect(message.data).toMatchObject({ type: "comment.created", commentId: created.id, comment: { id: created.id, body: created.body } });
      await waitFor(/event: notification\n/);
      expect(text).toContain(created.id);
      await waitFor(/event: unread\n/);
      await api("POST", `/api/comments/${created.id}/resolve`, { key: team.owner.key, body: { resolved: true } });
      expect((await board.next("comment")).data).toMatchObject({ type: "comment.resolved", comment: { resolvedBy: { id: team.owner.id } } });
      await api("DELETE", `/api/comments/${created.id}`, as(team.member));
      expect((await board.next("comment")).data).toMatchObject({ type: "comment.deleted", commentId: created.id, comment: null });
    } finally {
      board.close();
      abort.abort();
    }
  });
});

describe("the event feed", () => {
  it("records comment.created|updated|resolved|deleted with { comment }", async () => {
    const snap = await insertSnap(team.owner, { sharedWithWorkspace: true, shareMode: "comment" });
    const created = await comment(team.member, snap.id, { body: "feed" });
    await api("PATCH", `/api/comments/${created.id}`, { key: team.member.key, body: { body: "feed!" } });
    await api("POST", `/api/comments/${created.id}/resolve`, { key: team.member.key, body: { resolved: true } });
    await api("DELETE", `/api/comments/${created.id}`, as(team.member));
    const types = "comment.created,comment.updated,comment.resolved,comment.deleted";
    // The feed shows an event once the transactions older than it have finished (docs/ARCHITECTURE.md).
    await feedCaughtUp();
    const events: { type: string; data: { comment: { id: string; body: string; deleted: boolean } } }[] = (
      await api("GET", `/api/events?snapId=${snap.id}&types=${types}`, { key: team.owner.key })
    ).body.events;
    expect(events.map((event) => event.type)).toEqual(["comment.created", "comment.updated", "comment.resolved", "comment.deleted"]);
    expect(events[1]!.data.comment.body).toBe("feed!");
    expect(events[3]!.data.comment).toMatchObject({ id: created.id, deleted: true, body: "" });
    expect((await api("GET", `/api/events?snapId=${snap.id}&types=comment.created`, { key: team.outsider.key })).body.events).toEqual([]);
  });
});

describe("the account's email preference", () => {
  it("defaults to immediately, changes with PATCH, and refuses other values", async () => {
    const local = await createTeam();
    const account = await api("GET", "/api/account", { cookie: local.member.cookie });
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({
      user: { id: local.member.id, emailNotifications: "immediately" },
      emailNotifications: "immediately",
      emailEnabled: false,
    });
    const changed = await api("PATCH", "/api/account", { cookie: local.member.cookie, body: { emailNotifications: "daily" } });
    expect(changed.body.emailNotifications).toBe("daily");
    expect((await api("GET", "/api/account", { key: local.member.key })).body.emailNotifications).toBe("daily");
    expectError(await api("PATCH", "/api/account", { key: local.member.key, body: { emailNotifications: "hourly" } }), 400, "BAD_REQUEST", [
      "emailNotifications",
    ]);
    expectError(await api("POST", "/api/account/unsubscribe?token=forged.token"), 400, "BAD_REQUEST");
  });
});
