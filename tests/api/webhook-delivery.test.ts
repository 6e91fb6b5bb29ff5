/**
 * Webhook delivery end to end: real app servers (the production build) on a scratch database of
 * their own, so that no other test server's worker takes these jobs; real HTTP receivers on
 * loopback (hence WEBHOOK_ALLOW_PRIVATE_URLS=true here, and only here); signatures verified with
 * the standardwebhooks library, as a receiver would.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { applyMigrations } from "../../lib/db/migrate";
import { createScratchDatabase, type ScratchDatabase } from "../../lib/db/schema-diff";
import { startAppServer, type AppServer } from "../setup/app-server";
import { api, signUpOn } from "./helpers";
import { verifySigned, WebhookReceiver } from "./webhook-receiver";

const RETRY_ENV = { WEBHOOK_ALLOW_PRIVATE_URLS: "true", WEBHOOK_RETRY_DELAYS: "1,1" };

let scratch: ScratchDatabase;
let app: AppServer;
let receiver: WebhookReceiver;

type User = Awaited<ReturnType<typeof signUpOn>>;

const on = (user: User, extra: Record<string, unknown> = {}) => ({ baseUrl: app.baseUrl, key: user.key, ...extra });

async function addWebhook(user: User, path: string, body: Record<string, unknown> = {}, base = app.baseUrl): Promise<{ id: string; secret: string }> {
  const response = await api("POST", "/api/webhooks", { baseUrl: base, key: user.key, body: { url: `${receiver.url}${path}`, ...body } });
  expect(response.status).toBe(201);
  return { id: response.body.webhook.id, secret: response.body.secret };
}

async function newSnap(user: User, base = app.baseUrl): Promise<{ id: string; cardIds: string[] }> {
  const { body } = await api("POST", "/api/snaps", { baseUrl: base, key: user.key, body: { rows: 1, cols: 2 } });
  return { id: body.snap.id, cardIds: body.snap.cards.map((card: { id: string }) => card.id) };
}

async function deliveries(user: User, webhookId: string, base = app.baseUrl): Promise<any[]> {
  return (await api("GET", `/api/webhooks/${webhookId}/deliveries`, { baseUrl: base, key: user.key })).body.deliveries;
}

beforeAll(async () => {
  scratch = await createScratchDatabase(inject("databaseUrl"), "snap_test_webhooks");
  await applyMigrations(scratch.url);
  [app, receiver] = await Promise.all([
    startAppServer({ databaseUrl: scratch.url, authSecret: inject("authSecret"), env: RETRY_ENV }),
    new WebhookReceiver().start(),
  ]);
}, 90_000);

afterAll(async () => {
  await Promise.all([app?.stop(), receiver?.stop()]);
  await scratch?.drop();
}, 60_000);

describe("webhook delivery", () => {
  it("signs every event as Standard Webhooks says, with full cards and the actor", async () => {
    const user = await signUpOn(app.baseUrl, "signed");
    const hook = await addWebhook(user, "/signed", { events: ["cards.updated"] });
    const snap = await newSnap(user);
    const patched = await api("PATCH", "/api/snaps/cards/batch", on(user, { body: { updates: snap.cardIds.map((id, i) => ({ id, title: `n${i}` })) } }));
    expect(patched.status).toBe(200);
    await receiver.waitFor(() => receiver.to("/signed").length === 1, "the signed delivery");
    const [request] = receiver.to("/signed");
    const event = verifySigned(hook.secret, request!);
    expect(request!.headers["webhook-id"]).toBe(event.id);
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: "cards.updated",
      occurredAt: expect.any(String),
      snapId: snap.id,
      snapVersion: 2,
      actor: { type: "apiKey", userId: user.id, apiKeyId: expect.any(String) },
      data: { cards: patched.body.cards },
    });
    expect(() => verifySigned("whsec_" + Buffer.from("another secret of 32 bytes.....!").toString("base64"), request!)).toThrow();
    // The snap.created event was not subscribed to: only this one came.
    const log = await deliveries(user, hook.id);
    expect(log).toEqual([
      {
        id: expect.any(String),
        eventId: event.id,
        eventType: "cards.updated",
        status: "succeeded",
        attempts: 1,
        lastResponseStatus: 200,
        lastError: null,
        durationMs: expect.any(Number),
        createdAt: expect.any(String),
        nextAttemptAt: null,
      },
    ]);

    const rotated = (await api("POST", `/api/webhooks/${hook.id}/rotate-secret`, on(user))).body.secret;
    expect((await api("POST", `/api/webhooks/${hook.id}/test`, on(user))).status).toBe(202);
    await receiver.waitFor(() => receiver.to("/signed").length === 2, "the test event");
    const test = receiver.to("/signed")[1]!;
    expect(verifySigned(rotated, test)).toMatchObject({ type: "webhook.test", snapId: null, data: { webhookId: hook.id } });
    expect(() => verifySigned(hook.secret, test)).toThrow();
  });

  it("hears of a change of many cards once per kind, at the change's one version", async () => {
    const user = await signUpOn(app.baseUrl, "changes");
    const hook = await addWebhook(user, "/changes", { events: ["cards.created", "cards.updated", "cards.deleted"] });
    const snap = await newSnap(user);
    const changed = await api(
      "POST",
      `/api/snaps/${snap.id}/changes`,
      on(user, {
        body: { update: [{ id: snap.cardIds[0], col: 1 }], delete: [snap.cardIds[1]], create: Array.from({ length: 300 }, (_, i) => ({ row: 1 + i, col: 0 })) },
      }),
    );
    expect(changed.status).toBe(200);
    // A later write: once its event is delivered, every event before it has its delivery in the log
    // (the fan-out takes the outbox in order), so the log shows all the change caused.
    expect((await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, on(user, { body: { title: "after" } }))).status).toBe(200);
    await receiver.waitFor(() => receiver.to("/changes").some((request) => request.json?.snapVersion === changed.body.version + 1), "the later write");
    const log = await deliveries(user, hook.id);
    expect(log.map((delivery) => delivery.eventType).sort()).toEqual(["cards.created", "cards.deleted", "cards.updated", "cards.updated"]);
    await receiver.waitFor(() => receiver.to("/changes").length === 4, "every delivery");
    const events = receiver.to("/changes").map((request) => request.json);
    expect(events.map((event) => [event.type, event.snapVersion]).sort()).toEqual([
      ["cards.created", changed.body.version],
      ["cards.deleted", changed.body.version],
      ["cards.updated", changed.body.version],
      ["cards.updated", changed.body.version + 1],
    ]);
    expect(events.find((event) => event.type === "cards.created").data.cards).toHaveLength(300);
  });

  it("retries a failing endpoint (500, 500, 200) with one webhook-id, and logs every attempt", async () => {
    const user = await signUpOn(app.baseUrl, "retry");
    receiver.answer("/retry", 500, 500);
    const hook = await addWebhook(user, "/retry", { events: ["snap.updated"] });
    const snap = await newSnap(user);
    await api("PATCH", `/api/snaps/${snap.id}`, on(user, { body: { title: "Retried" } }));
    await receiver.waitFor(() => receiver.to("/retry").length === 3, "three attempts");
    const ids = receiver.to("/retry").map((request) => request.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(1);
    expect(
      receiver
        .to("/retry")
        .map((request) => request.body)
        .every((body, _, all) => body === all[0]),
    ).toBe(true);
    await expect.poll(async () => (await deliveries(user, hook.id))[0]?.status, { timeout: 20_000 }).toBe("succeeded");
    const [delivery] = await deliveries(user, hook.id);
    expect(delivery).toMatchObject({ eventId: ids[0], attempts: 3, lastResponseStatus: 200, lastError: null });
  });

  it("marks a delivery failed after the last retry, with the status and the first 200 bytes of the answer", async () => {
    const user = await signUpOn(app.baseUrl, "fail");
    receiver.answer("/fail", 503, 502, 500);
    const hook = await addWebhook(user, "/fail");
    await newSnap(user);
    await expect.poll(async () => (await deliveries(user, hook.id))[0]?.status, { timeout: 15_000 }).toBe("failed");
    const [delivery] = await deliveries(user, hook.id);
    expect(delivery).toMatchObject({ attempts: 3, lastResponseStatus: 500, nextAttemptAt: null });
    expect(delivery.lastError).toBe(`The endpoint answered 500: nope ${"x".repeat(195)}`);
    const retried = await api("POST", `/api/webhooks/${hook.id}/deliveries/${delivery.id}/retry`, on(user));
    expect(retried.status).toBe(202);
    await expect.poll(async () => (await deliveries(user, hook.id))[0], { timeout: 20_000 }).toMatchObject({ status: "succeeded", attempts: 4 });
    expect(new Set(receiver.to("/fail").map((request) => request.headers["webhook-id"])).size).toBe(1);
  });

  it("disables the endpoint at once on 410 Gone, and a PATCH enables it again", async () => {
    const user = await signUpOn(app.baseUrl, "gone");
    receiver.answer("/gone", 410);
    const hook = await addWebhook(user, "/gone");
    // Enabled throughout: it shows when an event's fan-out (one for all of the user's webhooks) has run.
    await addWebhook(user, "/gone-sentinel", { events: ["snap.updated"] });
    const snap = await newSnap(user);
    await expect.poll(async () => (await api("GET", `/api/webhooks/${hook.id}`, on(user))).body.webhook.enabled, { timeout: 20_000 }).toBe(false);
    const { webhook } = (await api("GET", `/api/webhooks/${hook.id}`, on(user))).body;
    expect(webhook.disabledReason).toBe("The endpoint answered 410 Gone");
    expect((await deliveries(user, hook.id))[0]).toMatchObject({ status: "failed", attempts: 1, lastResponseStatus: 410 });
    await api("PATCH", `/api/snaps/${snap.id}`, on(user, { body: { title: "while disabled" } }));
    await receiver.waitFor(
      () => receiver.to("/gone-sentinel").some((request) => request.json?.data?.snap?.title === "while disabled"),
      "the sentinel's delivery",
    );
    expect((await api("PATCH", `/api/webhooks/${hook.id}`, on(user, { body: { enabled: true } }))).body.webhook).toMatchObject({
      enabled: true,
      disabledReason: null,
    });
    await api("PATCH", `/api/snaps/${snap.id}`, on(user, { body: { title: "enabled again" } }));
    await receiver.waitFor(() => receiver.to("/gone").some((request) => request.json?.data?.snap?.title === "enabled again"), "the delivery after enabling");
    expect(receiver.to("/gone").map((request) => request.json.type)).toEqual(["snap.created", "snap.updated"]);
  });

  it("disables the endpoint after 20 failed deliveries in a row", async () => {
    const user = await signUpOn(app.baseUrl, "twenty");
    receiver.answer("/twenty", ...Array.from({ length: 60 }, () => 500));
    const hook = await addWebhook(user, "/twenty", { events: ["cards.updated"] });
    const snap = await newSnap(user);
    for (let i = 0; i < 20; i++) await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, on(user, { body: { title: `try ${i}` } }));
    await expect
      .poll(async () => (await api("GET", `/api/webhooks/${hook.id}`, on(user))).body.webhook, { timeout: 25_000 })
      .toMatchObject({
        enabled: false,
        disabledReason: "20 deliveries in a row failed",
      });
    expect(receiver.to("/twenty")).toHaveLength(60);
  });

  it("sends nothing to a deleted webhook, deliveries already queued included", async () => {
    const user = await signUpOn(app.baseUrl, "deleted");
    receiver.answer("/deleted", 500);
    receiver.answer("/sentinel", 500);
    const doomed = await addWebhook(user, "/deleted");
    await addWebhook(user, "/sentinel");
    await newSnap(user);
    await receiver.waitFor(() => receiver.to("/deleted").length === 1 && receiver.to("/sentinel").length === 1, "the first attempts");
    expect((await api("DELETE", `/api/webhooks/${doomed.id}`, on(user))).status).toBe(200);
    // The sentinel's retry is due when the deleted one's would have been.
    await receiver.waitFor(() => receiver.to("/sentinel").length === 2, "the sentinel's retry");
    expect(receiver.to("/deleted")).toHaveLength(1);
  });

  it("sends a member a shared snap's events only while they can read it", async () => {
    const owner = await signUpOn(app.baseUrl, "owner");
    const member = await signUpOn(app.baseUrl, "member");
    const invited = await api("POST", "/api/workspace/members", { baseUrl: app.baseUrl, cookie: owner.cookie, body: { email: member.email } });
    expect(invited.status).toBe(202);
    const accepted = await api("POST", `/api/invitations/${invited.body.invitation.id}/accept`, { baseUrl: app.baseUrl, cookie: member.cookie });
    expect(accepted.status).toBe(200);
    const snap = await newSnap(owner);
    await api("PATCH", `/api/snaps/${snap.id}`, on(owner, { body: { sharedWithWorkspace: true } }));
    await addWebhook(member, "/member", { events: ["cards.updated"], snapId: snap.id });
    await addWebhook(owner, "/owner", { events: ["cards.updated"] });
    await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, on(owner, { body: { title: "seen" } }));
    await receiver.waitFor(() => receiver.to("/member").length === 1 && receiver.to("/owner").length === 1, "both deliveries");
    await api("PATCH", `/api/snaps/${snap.id}`, on(owner, { body: { sharedWithWorkspace: false } }));
    await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, on(owner, { body: { title: "private now" } }));
    await receiver.waitFor(() => receiver.to("/owner").length === 2, "the owner's second delivery");
    expect(receiver.to("/member").map((request) => request.json.data.cards[0].title)).toEqual(["seen"]);
  });
});

describe("delivery across instances and restarts", () => {
  it("two instances send each event once", async () => {
    const second = await startAppServer({ databaseUrl: scratch.url, authSecret: inject("authSecret"), env: RETRY_ENV });
    try {
      const user = await signUpOn(app.baseUrl, "two");
      await addWebhook(user, "/two", { events: ["cards.updated"] });
      const snap = await newSnap(user);
      for (let i = 0; i < 10; i++) {
        const base = i % 2 ? second.baseUrl : app.baseUrl;
        await api("PATCH", `/api/snaps/cards/${snap.cardIds[i % 2]}`, { baseUrl: base, key: user.key, body: { title: `w${i}` } });
      }
      await receiver.waitFor(() => receiver.to("/two").length >= 10, "ten deliveries");
      const ids = receiver.to("/two").map((request) => request.headers["webhook-id"]);
      expect(new Set(ids).size).toBe(10);
      // Give duplicates the same chance to arrive as a last write's delivery had: one more event through.
      await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { baseUrl: second.baseUrl, key: user.key, body: { title: "last" } });
      await receiver.waitFor(() => receiver.to("/two").length >= 11, "the last delivery");
      expect(receiver.to("/two")).toHaveLength(11);
    } finally {
      await second.stop();
    }
  }, 120_000);

  it("a delivery pending when the app stops goes out after it starts again", async () => {
    const alone = await createScratchDatabase(inject("databaseUrl"), "snap_test_webhooks_restart");
    await applyMigrations(alone.url);
    const env = { WEBHOOK_ALLOW_PRIVATE_URLS: "true", WEBHOOK_RETRY_DELAYS: "2" };
    let first: AppServer | undefined = await startAppServer({ databaseUrl: alone.url, authSecret: inject("authSecret"), env });
    let restarted: AppServer | undefined;
    try {
      const user = await signUpOn(first.baseUrl, "restart");
      receiver.answer("/restart", 500);
      const hook = await addWebhook(user, "/restart", { events: ["snap.created"] }, first.baseUrl);
      await newSnap(user, first.baseUrl);
      await receiver.waitFor(() => receiver.to("/restart").length === 1, "the first attempt");
      await expect.poll(async () => (await deliveries(user, hook.id, first!.baseUrl))[0]?.attempts, { timeout: 20_000 }).toBe(1);
      await first.stop();
      first = undefined;
      restarted = await startAppServer({ databaseUrl: alone.url, authSecret: inject("authSecret"), env });
      await receiver.waitFor(() => receiver.to("/restart").length === 2, "the retry after the restart");
      const [one, two] = receiver.to("/restart");
      expect(two!.headers["webhook-id"]).toBe(one!.headers["webhook-id"]);
      await expect
        .poll(async () => (await deliveries(user, hook.id, restarted!.baseUrl))[0], { timeout: 20_000 })
        .toMatchObject({ status: "succeeded", attempts: 2 });
    } finally {
      await first?.stop();
      await restarted?.stop();
      await alone.drop();
    }
  }, 180_000);

  it("sends what the outbox kept while no instance ran: an event whose wake-up was lost, and one a fan-out that died had claimed", async () => {
    const alone = await createScratchDatabase(inject("databaseUrl"), "snap_test_webhooks_outbox");
    await applyMigrations(alone.url);
    const env = { WEBHOOK_ALLOW_PRIVATE_URLS: "true" };
    const sql = new pg.Client({ connectionString: alone.url });
    await sql.connect();
    let first: AppServer | undefined = await startAppServer({ databaseUrl: alone.url, authSecret: inject("authSecret"), env });
    let restarted: AppServer | undefined;
    try {
      const user = await signUpOn(first.baseUrl, "outbox");
      const hook = await addWebhook(user, "/outbox", { events: ["cards.updated"] }, first.baseUrl);
      const snap = await newSnap(user, first.baseUrl);
      // Three events written while the webhook is disabled, so none is in the outbox or sent.
      expect((await api("PATCH", `/api/webhooks/${hook.id}`, { baseUrl: first.baseUrl, key: user.key, body: { enabled: false } })).status).toBe(200);
      for (const title of ["lost wake-up", "dead claim", "live claim"]) {
        const patched = await api("PATCH", `/api/snaps/cards/${snap.cardIds[0]}`, { baseUrl: first.baseUrl, key: user.key, body: { title } });
        expect(patched.status).toBe(200);
      }
      await first.stop();
      first = undefined;

      // As a crash would leave them: the events in the outbox, unclaimed; claimed by a fan-out long
      // gone; and claimed just now (a fan-out of another instance still at work, not to be taken).
      const { rows } = await sql.query<{ seq: string; title: string }>(
        `SELECT seq::text, data->'cards'->0->>'title' AS title FROM "FeedEvent" WHERE type = 'cards.updated' AND "snapId" = $1 ORDER BY seq`,
        [snap.id],
      );
      const seqOf = (title: string) => rows.find((row) => row.title === title)!.seq;
      await sql.query(`UPDATE "Webhook" SET enabled = true WHERE id = $1`, [hook.id]);
      await sql.query(`INSERT INTO "WebhookOutbox" (seq, "claimedAt") VALUES ($1, NULL), ($2, now() - interval '10 minutes'), ($3, now())`, [
        seqOf("lost wake-up"),
        seqOf("dead claim"),
        seqOf("live claim"),
      ]);

      restarted = await startAppServer({ databaseUrl: alone.url, authSecret: inject("authSecret"), env });
      await receiver.waitFor(() => receiver.to("/outbox").length === 2, "the two events left in the outbox");
      const titles = receiver.to("/outbox").map((request) => verifySigned(hook.secret, request).data.cards[0].title);
      expect(titles.sort()).toEqual(["dead claim", "lost wake-up"]);
      // The fan-out that sent them left the live claim alone, and emptied the outbox of the rest.
      await expect
        .poll(async () => (await sql.query<{ seq: string }>(`SELECT seq::text FROM "WebhookOutbox"`)).rows.map((row) => row.seq), { timeout: 10_000 })
        .toEqual([seqOf("live claim")]);
    } finally {
      await sql.end();
      await first?.stop();
      await restarted?.stop();
      await alone.drop();
    }
  }, 180_000);
});
