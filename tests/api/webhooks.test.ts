/**
 * Webhook management, URL safety and the event feed, against the shared test server (which runs
 * without WEBHOOK_ALLOW_PRIVATE_URLS, as production does). Delivery itself: webhook-delivery.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { expectError, insertSnap } from "./card-fixtures";
import { createTeam, sql, type Team } from "./fixtures";
import { api } from "./helpers";
import { WebhookReceiver } from "./webhook-receiver";
import { feedCaughtUp } from "./feed-caught-up";

let team: Team;
beforeAll(async () => {
  team = await createTeam();
});

describe("managing webhooks", () => {
  it("creates with defaults, shows the secret once, lists, reads, changes and deletes", async () => {
    const created = await api("POST", "/api/webhooks", { key: team.owner.key, body: { url: "https://hooks.example.com/a" } });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const { webhook } = created.body;
    expect(webhook).toEqual({
      id: expect.any(String),
      url: "https://hooks.example.com/a",
      events: ["*"],
      snapId: null,
      description: "",
      enabled: true,
      disabledReason: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const stored = await sql().query(`SELECT "secretCiphertext" FROM "Webhook" WHERE id = $1`, [webhook.id]);
    expect(stored.rows[0].secretCiphertext).not.toContain(created.body.secret.slice(6));

    const listed = await api("GET", "/api/webhooks", { cookie: team.owner.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.webhooks).toEqual([webhook]);
    expect(JSON.stringify(listed.body)).not.toContain("whsec_");
    expect((await api("GET", `/api/webhooks/${webhook.id}`, { key: team.owner.key })).body).toEqual({ webhook });

    const patched = await api("PATCH", `/api/webhooks/${webhook.id}`, {
      cookie: team.owner.cookie,
      body: { events: ["cards.updated", "cards.updated", "snap.deleted"], description: "tracker", enabled: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.webhook).toMatchObject({
      events: ["cards.updated", "snap.deleted"],
      description: "tracker",
      enabled: false,
      disabledReason: "Disabled by you",
    });
    const enabled = await api("PATCH", `/api/webhooks/${webhook.id}`, { key: team.owner.key, body: { enabled: true } });
    expect(enabled.body.webhook).toMatchObject({ enabled: true, disabledReason: null });

    const rotated = await api("POST", `/api/webhooks/${webhook.id}/rotate-secret`, { key: team.owner.key });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.body.secret);

    expect((await api("DELETE", `/api/webhooks/${webhook.id}`, { key: team.owner.key })).body).toEqual({ success: true });
    expectError(await api("GET", `/api/webhooks/${webhook.id}`, { key: team.owner.key }), 404, "NOT_FOUND");
  });

  it("answers 404 for another user's webhook, whatever the operation, and changes nothing", async () => {
    const { body } = await api("POST", "/api/webhooks", { key: team.owner.key, body: { url: "https://hooks.example.com/mine" } });
    const id = body.webhook.id;
    const other = { key: team.admin.key };
    expectError(await api("GET", `/api/webhooks/${id}`, other), 404, "NOT_FOUND");
    expectError(await api("PATCH", `/api/webhooks/${id}`, { ...other, body: { enabled: false } }), 404, "NOT_FOUND");
    expectError(await api("DELETE", `/api/webhooks/${id}`, other), 404, "NOT_FOUND");
    expectError(await api("POST", `/api/webhooks/${id}/rotate-secret`, other), 404, "NOT_FOUND");
    expectError(await api("POST", `/api/webhooks/${id}/test`, other), 404, "NOT_FOUND");
    expectError(await api("GET", `/api/webhooks/${id}/deliveries`, other), 404, "NOT_FOUND");
    expect((await api("GET", "/api/webhooks", other)).body.webhooks.map((w: { id: string }) => w.id)).not.toContain(id);
    expect((await api("GET", `/api/webhooks/${id}`, { key: team.owner.key })).body.webhook).toEqual(body.webhook);
  });

  it("refuses unknown event types, bad URLs and fields with 400 naming the field", async () => {
    expectError(
      await api("POST", "/api/webhooks", { key: team.member.key, body: { url: "https://a.example.com", events: ["cards.moved"] } }),
      400,
      "BAD_REQUEST",
      ["events.0"],
    );
    expectError(await api("POST", "/api/webhooks", { key: team.member.key, body: { url: "ftp://a.example.com/x" } }), 400, "BAD_REQUEST", ["url"]);
    expectError(await api("POST", "/api/webhooks", { key: team.member.key, body: { url: "https://user:pw@a.example.com/x" } }), 400, "BAD_REQUEST", ["url"]);
    expectError(await api("POST", "/api/webhooks", { key: team.member.key, body: { url: "https://a.example.com", events: [] } }), 400, "BAD_REQUEST", [
      "events",
    ]);
    expectError(await api("POST", "/api/webhooks", { key: team.member.key, body: { url: "https://a.example.com", secret: "x" } }), 400, "BAD_REQUEST");
    expectError(await api("GET", "/api/events?types=cards.moved", { key: team.member.key }), 400, "BAD_REQUEST", ["types"]);
    const { rows } = await sql().query(`SELECT count(*)::int AS n FROM "Webhook" WHERE "userId" = $1`, [team.member.id]);
    expect(rows[0].n).toBe(0);
  });

  it("refuses a snap filter on a snap the caller cannot read", async () => {
    const snap = await insertSnap(team.owner);
    expectError(await api("POST", "/api/webhooks", { key: team.outsider.key, body: { url: "https://a.example.com", snapId: snap.id } }), 403, "FORBIDDEN");
  });

  it("allows at most 20 webhooks per user", async () => {
    const user = team.admin;
    const existing = (await api("GET", "/api/webhooks", { key: user.key })).body.webhooks.length;
    for (let i = existing; i < 20; i++) {
      expect((await api("POST", "/api/webhooks", { key: user.key, body: { url: `https://hooks.example.com/${i}` } })).status).toBe(201);
    }
    expectError(await api("POST", "/api/webhooks", { key: user.key, body: { url: "https://hooks.example.com/21" } }), 409, "CONFLICT");
    expect((await api("GET", "/api/webhooks", { key: user.key })).body.webhooks).toHaveLength(20);
    await sql().query(`DELETE FROM "Webhook" WHERE "userId" = $1`, [user.id]);
  });
});

describe("URL safety (WEBHOOK_ALLOW_PRIVATE_URLS off)", () => {
  it.each([
    "http://127.0.0.1:8080/hook",
    "http://localhost/hook",
    "http://api.localhost/hook",
    "http://10.1.2.3/hook",
    "http://172.16.0.1/hook",
    "http://192.168.1.10/hook",
    "http://169.254.169.254/latest/meta-data",
    "http://100.64.0.1/hook",
    "http://0.0.0.0/hook",
    "http://[::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://[fd00:ec2::254]/hook",
    "http://[fe80::1]/hook",
    "http://2130706433/hook",
  ])("refuses %s at creation and on change", async (url) => {
    expectError(await api("POST", "/api/webhooks", { key: team.member.key, body: { url } }), 400, "BAD_REQUEST", ["url"]);
  });

  it("refuses a private URL in a PATCH and keeps the old one", async () => {
    const { body } = await api("POST", "/api/webhooks", { key: team.member.key, body: { url: "https://hooks.example.com/m" } });
    expectError(await api("PATCH", `/api/webhooks/${body.webhook.id}`, { key: team.member.key, body: { url: "http://127.0.0.1/x" } }), 400, "BAD_REQUEST", [
      "url",
    ]);
    expect((await api("GET", `/api/webhooks/${body.webhook.id}`, { key: team.member.key })).body.webhook.url).toBe("https://hooks.example.com/m");
    await api("DELETE", `/api/webhooks/${body.webhook.id}`, { key: team.member.key });
  });

  it("checks again at each send: a stored loopback URL gets nothing, fails at once without retries, and the log says why", async () => {
    const receiver = await new WebhookReceiver().start();
    try {
      const user = team.member;
      const { body } = await api("POST", "/api/webhooks", { key: user.key, body: { url: "https://hooks.example.com/later-private" } });
      // As if DNS now answered a loopback address: the row points at the receiver directly.
      await sql().query(`UPDATE "Webhook" SET url = $1 WHERE id = $2`, [`${receiver.url}/ssrf`, body.webhook.id]);
      const test = await api("POST", `/api/webhooks/${body.webhook.id}/test`, { key: user.key });
      expect(test.status).toBe(202);
      let delivery: any;
      await expect
        .poll(
          async () => {
            [delivery] = (await api("GET", `/api/webhooks/${body.webhook.id}/deliveries`, { key: user.key })).body.deliveries;
            return delivery?.attempts;
          },
          { timeout: 15_000 },
        )
        .toBeGreaterThan(0);
      expect(delivery.lastError).toBe("Webhooks cannot be sent to 127.0.0.1: loopback, private, link-local and metadata addresses are refused");
      expect(delivery.lastResponseStatus).toBeNull();
      // Final at once: a refused address is refused on every later try too.
      expect(delivery).toMatchObject({ status: "failed", attempts: 1, nextAttemptAt: null });
      expect(receiver.requests).toEqual([]);
      await api("DELETE", `/api/webhooks/${body.webhook.id}`, { key: user.key });
    } finally {
      await receiver.stop();
    }
  });
});

describe("the event feed", () => {
  it("pages oldest first with a cursor, and a later poll gets only what is new", async () => {
    const { body: created } = await api("POST", "/api/snaps", { key: team.owner.key, body: { title: "Feed", rows: 1, cols: 3 } });
    const snap = created.snap;
    const cards = snap.cards as { id: string }[];
    for (const [index, card] of cards.entries()) {
      expect((await api("PATCH", `/api/snaps/cards/${card.id}`, { key: team.owner.key, body: { title: `t${index}` } })).status).toBe(200);
    }
    const all: any[] = [];
    let after = "";
    let page: any;
    await feedCaughtUp();
    await expect
      .poll(async () => (await api("GET", `/api/events?snapId=${snap.id}&limit=100`, { key: team.owner.key })).body.events.length, { timeout: 10_000 })
      .toBe(4);
    do {
      page = (await api("GET", `/api/events?snapId=${snap.id}&limit=2${after && `&after=${after}`}`, { key: team.owner.key })).body;
      all.push(...page.events);
      after = page.nextCursor;
    } while (page.hasMore);
    expect(all.map((event) => event.type)).toEqual(["snap.created", "cards.updated", "cards.updated", "cards.updated"]);
    expect(all.map((event) => event.snapVersion)).toEqual([1, 2, 3, 4]);
    expect(all[0]).toMatchObject({ snapId: snap.id, actor: { type: "apiKey", userId: team.owner.id, apiKeyId: expect.any(String) } });
    expect(all[0].data.snap).toMatchObject({ id: snap.id, title: "Feed" });
    expect(all[0].data.snap.cards).toBeUndefined();
    const stored = (await api("GET", `/api/snaps/${snap.id}`, { key: team.owner.key })).body.snap.cards.find(
      (card: { id: string }) => card.id === cards[2]!.id,
    );
    expect(all[3].data).toEqual({ cards: [stored] });
    expect(page.nextCursor).toEqual(expect.any(String));

    const quiet = (await api("GET", `/api/events?snapId=${snap.id}&after=${after}`, { key: team.owner.key })).body;
    expect(quiet).toEqual({ events: [], nextCursor: expect.any(String), hasMore: false });

    await api("DELETE", `/api/snaps/cards/${cards[0]!.id}`, { cookie: team.owner.cookie });
    await feedCaughtUp();
    await expect
      .poll(async () => (await api("GET", `/api/events?snapId=${snap.id}&after=${quiet.nextCursor}`, { key: team.owner.key })).body.events, { timeout: 10_000 })
      .toEqual([
        expect.objectContaining({ type: "cards.deleted", data: { cardIds: [cards[0]!.id] }, actor: { type: "user", userId: team.owner.id, apiKeyId: null } }),
      ]);
  });

  it("filters by type, and shows only snaps the caller can read now (a deleted snap's events to whoever could read it)", async () => {
    const { body: created } = await api("POST", "/api/snaps", { key: team.owner.key, body: { title: "Shared feed", rows: 1, cols: 1 } });
    const snapId = created.snap.id;
    const memberSees = async () => (await api("GET", `/api/events?snapId=${snapId}`, { key: team.member.key })).body.events.map((e: any) => e.type);
    expect(await memberSees()).toEqual([]);
    await api("PATCH", `/api/snaps/${snapId}`, { key: team.owner.key, body: { sharedWithWorkspace: true } });
    await feedCaughtUp();
    await expect.poll(memberSees, { timeout: 10_000 }).toEqual(["snap.created", "snap.updated"]);
    expect((await api("GET", `/api/events?snapId=${snapId}`, { key: team.outsider.key })).body.events).toEqual([]);
    const onlyUpdates = (await api("GET", `/api/events?snapId=${snapId}&types=snap.updated,cards.updated`, { key: team.member.key })).body.events;
    expect(onlyUpdates.map((e: any) => e.type)).toEqual(["snap.updated"]);
    expect(onlyUpdates[0].data.snap).toMatchObject({ id: snapId, sharedWithWorkspace: true });

    await api("DELETE", `/api/snaps/${snapId}`, { key: team.owner.key });
    await feedCaughtUp();
    await expect.poll(memberSees, { timeout: 10_000 }).toEqual(["snap.created", "snap.updated", "snap.deleted"]);
    const deleted = (await api("GET", `/api/events?snapId=${snapId}&types=snap.deleted`, { key: team.owner.key })).body.events[0];
    expect(deleted).toMatchObject({ type: "snap.deleted", snapId, snapVersion: 2, data: { snapId } });
    expect((await api("GET", `/api/events?snapId=${snapId}`, { key: team.outsider.key })).body.events).toEqual([]);
  });

  it("answers an empty first page with a null cursor, 400 for a malformed cursor and 410 for an expired one", async () => {
    const fresh = await api("GET", "/api/events?snapId=nothing-here", { key: team.outsider.key });
    expect(fresh.body).toEqual({ events: [], nextCursor: null, hasMore: false });
    expectError(await api("GET", "/api/events?after=not-a-cursor!", { key: team.outsider.key }), 400, "BAD_REQUEST", ["after"]);
    expectError(await api("GET", `/api/events?after=${Buffer.from("1.2").toString("base64url")}`, { key: team.outsider.key }), 400, "BAD_REQUEST", ["after"]);
    const old = Buffer.from(`5.5.${Date.now() - 31 * 86_400_000}`).toString("base64url");
    const gone = await api("GET", `/api/events?after=${old}`, { key: team.outsider.key });
    expectError(gone, 410, "GONE");
    expect(gone.body.error.message).toMatch(/older than the 30 days/);
    expectError(await api("GET", "/api/events?limit=0", { key: team.outsider.key }), 400, "BAD_REQUEST", ["limit"]);
    expectError(await api("GET", "/api/events?limit=101", { key: team.outsider.key }), 400, "BAD_REQUEST", ["limit"]);
    expectError(await api("GET", "/api/events"), 401, "UNAUTHORIZED");
  });
});
