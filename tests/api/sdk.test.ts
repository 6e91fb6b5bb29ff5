/**
 * The SDK (sdk/) against a real server: the production build on a scratch database of its own (its
 * job worker delivers this file's webhooks to a loopback receiver, hence WEBHOOK_ALLOW_PRIVATE_URLS),
 * reached through a TCP proxy that can drop connections, with its database behind another (an outage
 * answers 503), and the failed-authentication limit low with a short window (a real 429).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { applyMigrations } from "../../lib/db/migrate";
import { createScratchDatabase, type ScratchDatabase } from "../../lib/db/schema-diff";
import { collect, ConflictError, NotFoundError, PermissionError, PreconditionFailedError, SnapBoard, ValidationError, type Card } from "../../sdk/src/index";
import * as generated from "../../sdk/src/api";
import { startAppServer, type AppServer } from "../setup/app-server";
import { startTcpProxy, type TcpProxy } from "../setup/tcp-proxy";
import { api, signUpOn } from "./helpers";
import { WebhookReceiver } from "./webhook-receiver";

let scratch: ScratchDatabase;
let databaseProxy: TcpProxy;
let app: AppServer;
let appProxy: TcpProxy;
/** The app through appProxy. */
let appUrl: string;
let receiver: WebhookReceiver;

async function newKey(user: { cookie: string }, base = app.baseUrl, access: "full" | "read" = "full"): Promise<string> {
  const response = await api("POST", "/api/keys", { baseUrl: base, cookie: user.cookie, body: { name: `sdk ${access}`, access } });
  if (response.status !== 201) throw new Error(`key creation failed: ${response.status}`);
  return response.body.apiKey.key;
}

/** A client through the proxy that can drop connections; fast retries unless a test wants the server's own waits. */
function clientOf(key: string, options: ConstructorParameters<typeof SnapBoard>[0] extends infer O ? Partial<O> : never = {}): SnapBoard {
  return new SnapBoard({ baseUrl: appUrl, apiKey: key, retry: { baseDelayMs: 50, maxDelayMs: 10_000, maxRetries: 4 }, ...options });
}

beforeAll(async () => {
  scratch = await createScratchDatabase(inject("databaseUrl"), "snap_test_sdk");
  await applyMigrations(scratch.url);
  databaseProxy = await startTcpProxy(scratch.url);
  [app, receiver] = await Promise.all([
    startAppServer({
      databaseUrl: databaseProxy.url,
      authSecret: inject("authSecret"),
      env: { WEBHOOK_ALLOW_PRIVATE_URLS: "true", RATE_LIMIT_FAILED_AUTH_PER_IP: "2", RATE_LIMIT_FAILED_AUTH_WINDOW_SECONDS: "2" },
    }),
    new WebhookReceiver().start(),
  ]);
  appProxy = await startTcpProxy(app.baseUrl);
  appUrl = appProxy.url.replace(/\/$/, "");
}, 90_000);

afterAll(async () => {
  await Promise.all([app?.stop(), receiver?.stop(), appProxy?.close(), databaseProxy?.close()]);
  await scratch?.drop();
});

describe("the SDK", () => {
  it("covers the resources: snaps, changes, range, cards, lines, files, folders, comments, history, search, export and import, with typed errors", async () => {
    const user = await signUpOn(app.baseUrl, "sdk-tour");
    const client = clientOf(user.key);

    const folder = await client.folders.create({ name: "SDK" });
    expect((await client.folders.list()).map((each) => each.id)).toContain(folder.id);
    expect((await client.folders.rename(folder.id, "SDK folder")).name).toBe("SDK folder");

    const snap = await client.snaps.create({ title: "Tour", rows: 1, cols: 2 });
    expect(snap.cards).toHaveLength(2);
    expect((await client.snaps.list()).map((each) => each.id)).toContain(snap.id);
    const [first, second] = snap.cards as [Card, Card];

    const updated = await client.cards.update(first.id, { title: "First" });
    expect(updated.title).toBe("First");
    expect((await client.cards.get(first.id)).title).toBe("First");
    const added = await client.cards.create(snap.id, { row: 1, col: 0, title: "Added" });
    const many = await client.cards.createMany({ cards: [{ snapId: snap.id, row: 2, col: 0, title: "Batch" }] } as never);
    expect(many).toHaveLength(1);
    expect((await client.cards.updateMany({ updates: [{ id: many[0]!.id, title: "Batch 2" }] } as never))[0]!.title).toBe("Batch 2");

    const change = await client.snaps.changes(snap.id, { create: [{ row: 3, col: 0, title: "Changed" }], update: [{ id: added.id, title: "Added 2" }] });
    expect(change.created.map((card) => card.title)).toEqual(["Changed"]);
    expect(change.updated.map((card) => card.title)).toEqual(["Added 2"]);
    const overlap = await client.snaps.changes(snap.id, { update: [{ id: added.id, row: 0, col: 0 }] }).catch((error: unknown) => error);
    expect(overlap).toBeInstanceOf(ConflictError);
    const written = await client.range.write(snap.id, { row: 4, col: 0 }, [["a", "b"]]);
    expect(written.created).toHaveLength(2);
    expect(await client.range.read(snap.id, { row: 3, col: 0, rows: 2, cols: 3 })).toEqual([
      ["Changed", null, null],
      ["a", "b", null],
    ]);

    const uploaded = await client.files.upload(snap.id, new Blob(["hello, file"], { type: "text/plain" }), { name: "note.txt" });
    expect(uploaded).toMatchObject({ name: "note.txt", size: 11, snapId: snap.id });
    expect((await collect(client.files.list(snap.id))).map((file) => file.id)).toEqual([uploaded.id]);
    expect(await (await client.files.download(uploaded.id)).text()).toBe("hello, file");
    await client.files.delete(uploaded.id);
    await expect(client.files.download(uploaded.id)).rejects.toBeInstanceOf(NotFoundError);

    const found = await collect(client.search.query("Batch"));
    expect(found.some((result) => result.card?.id === many[0]!.id)).toBe(true);

    const line = await client.lines.create(snap.id, { fromCardId: first.id, toCardId: second.id });
    expect((await client.lines.update(line.id, { style: "dashed" })).style).toBe("dashed");
    await client.lines.delete(line.id);

    await client.cards.delete(added.id);
    await expect(client.cards.get(added.id)).rejects.toBeInstanceOf(NotFoundError);
    const invalid = await client.cards.update(first.id, { row: -1 }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((invalid as ValidationError).details[0]?.path).toBe("row");
    expect((invalid as ValidationError).requestId).toMatch(/.+/);

    const comment = await client.comments.create(snap.id, { body: "Looks good" });
    expect((await client.comments.update(comment.id, { body: "Looks great" })).body).toBe("Looks great");
    expect((await client.comments.resolve(comment.id)).resolvedAt).not.toBeNull();
    expect((await collect(client.comments.list(snap.id))).map((each) => each.id)).toEqual([comment.id]);
    await client.comments.delete(comment.id);

    const csv = await (await client.snaps.exportFile(snap.id, "csv")).text();
    expect(csv).toContain("First");

    const renamed = await client.snaps.update(snap.id, { title: "Tour renamed", folderId: folder.id } as never);
    expect(renamed.title).toBe("Tour renamed");
    const history = await collect(client.history.list(snap.id, { limit: 2 }));
    expect(history.length).toBeGreaterThan(2);
    const oldest = history.at(-1)!;
    expect((await client.history.get(snap.id, oldest.version)).title).toBe("Tour");
    expect((await client.history.restore(snap.id, oldest.version)).title).toBe("Tour");

    const document = await client.snaps.export(snap.id);
    expect(document.format).toBe("snap-board");
    expect(await client.snaps.import(document as never, { dryRun: true })).toMatchObject({ valid: true });
    const imported = await client.snaps.import(document as never);
    expect(imported.cards.length).toBe((await client.snaps.get(snap.id)).cards.length);
    const copy = await client.snaps.duplicate(snap.id, { title: "Copy" });
    expect(copy.title).toBe("Copy");

    const reader = clientOf(await newKey(user, app.baseUrl, "read"));
    await expect(reader.snaps.create({ title: "no" })).rejects.toBeInstanceOf(PermissionError);
    // Any operation through the generated functions, with the same client and errors.
    const { data: account } = await generated.getAccount({ client: client.api, throwOnError: true });
    expect(account.user.email).toMatch(/@example\.test$/);

    await client.snaps.delete(copy.id);
    await client.folders.delete(folder.id);
  });

  it("pages through 250 snaps, offset and cursor listings alike", async () => {
    const user = await signUpOn(app.baseUrl, "sdk-pages");
    const client = clientOf(user.key);
    const ids = new Set<string>();
    for (let batch = 0; batch < 25; batch++) {
      const created = await Promise.all(Array.from({ length: 10 }, (_, index) => client.snaps.create({ title: `Page snap ${batch * 10 + index}` })));
      for (const snap of created) ids.add(snap.id);
    }
    const listed = await collect(client.snaps.listWorkspace({ limit: 40, sortBy: "createdAt", sortOrder: "asc" }));
    expect(new Set(listed.map((snap) => snap.id))).toEqual(ids);
    expect(listed).toHaveLength(250);

    // The feed shows an event once every transaction older than it has ended (docs/ARCHITECTURE.md,
    // "Webhooks and the event feed"): another test file's open transaction may hold the newest back.
    const createdEvents = async () => (await collect(client.events.list({ types: ["snap.created"], limit: 100 }))).filter((event) => ids.has(event.snapId!));
    await expect.poll(async () => (await createdEvents()).length, { timeout: 30_000 }).toBe(250);
  });

  it("retries a real 429 and a real 503 after their Retry-After, and reports each retry", async () => {
    const user = await signUpOn(app.baseUrl, "sdk-retry");
    const address = "203.0.113.77";
    // Two failed authentications from the address: the limiter refuses it (for 2 s), valid key or not.
    for (let attempt = 0; attempt < 2; attempt++) {
      await api("GET", "/api/snaps", { baseUrl: app.baseUrl, key: "service_sk_wrongwrongwrongwrongwrongwrong", headers: { "x-forwarded-for": address } });
    }
    const statuses: number[] = [];
    const limited = clientOf(await newKey(user), { headers: { "X-Forwarded-For": address }, onRetry: ({ status }) => void statuses.push(status ?? 0) });
    expect(await limited.snaps.list()).toEqual([]);
    expect(statuses[0]).toBe(429);

    const client = clientOf(user.key, {
      onRetry: ({ status }) => {
        statuses.push(status ?? 0);
        if (status === 503) void databaseProxy.restore();
      },
    });
    await client.snaps.list(); // the key is proven on this instance before the outage
    databaseProxy.cut();
    const snap = await client.snaps.create({ title: "After the outage" });
    expect(snap.title).toBe("After the outage");
    expect(statuses).toContain(503);

    const noRetries = clientOf(user.key, { retry: false });
    databaseProxy.cut();
    await expect(noRetries.snaps.list()).rejects.toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE", retryAfter: expect.any(Number) });
    await databaseProxy.restore();
  }, 60_000);

  it("sends an Idempotency-Key with every POST: a create whose answer was lost is retried and makes one snap", async () => {
    const user = await signUpOn(app.baseUrl, "sdk-idempotent");
    const client = clientOf(user.key);
    // The server creates the snap; the proxy drops the connection as the 201 comes back.
    const dropped = appProxy.cutOnServerBytes("HTTP/1.1 201").then(() => appProxy.restore());
    const snap = await client.snaps.create({ title: "Exactly once" });
    await dropped;
    const mine = await client.snaps.list();
    expect(mine.filter((each) => each.title === "Exactly once").map((each) => each.id)).toEqual([snap.id]);
  });

  it("makes a read-modify-write safe with ETags: a 412 reads again and writes once", async () => {
    const user = await signUpOn(app.baseUrl, "sdk-etag");
    const client = clientOf(user.key);
    const other = clientOf(await newKey(user));
    const snap = await client.snaps.create({ title: "Counter 0" });

    const { etag } = await client.snaps.getWithETag(snap.id);
    await other.snaps.update(snap.id, { title: "Counter 1" });
    await expect(client.snaps.update(snap.id, { title: "stale" }, { ifMatch: etag })).rejects.toBeInstanceOf(PreconditionFailedError);

    let calls = 0;
    const result = await client.snaps.modify(snap.id, async (current) => {
      calls++;
      if (calls === 1) await other.snaps.update(snap.id, { title: "Counter 2" });
      return { title: `Counter ${Number(current.title.split(" ")[1]) + 1}` };
    });
    expect(calls).toBe(2);
    expect(result.title).toBe("Counter 3");
  });

  it("verifies a real webhook delivery, with the old and the new secret during a rotation", async () => {
    const user = await signUpOn(app.baseUrl, "sdk-webhook");
    const client = clientOf(user.key);
    const { webhook, secret } = await client.webhooks.create({ url: `${receiver.url}/sdk`, events: ["snap.created"] });
    const snap = await client.snaps.create({ title: "Signed" });
    const isDelivery = (request: (typeof receiver.requests)[number]) => request.path === "/sdk" && request.json?.snapId === snap.id;
    await receiver.waitFor(() => receiver.requests.some(isDelivery), "the snap.created delivery");
    const delivery = receiver.requests.find(isDelivery)!;
    const headers = delivery.headers as Record<string, string>;

    const event = await client.webhooks.verify(delivery.body, headers, ["whsec_" + Buffer.from("not the secret").toString("base64"), secret]);
    expect(event).toMatchObject({ type: "snap.created", snapId: snap.id });
    await expect(client.webhooks.verify(delivery.body.replace("Signed", "Forged"), headers, secret)).rejects.toThrow(/No signature matches/);
    await expect(client.webhooks.verify(delivery.body, headers, secret, { now: () => new Date(Date.now() + 3_600_000) })).rejects.toThrow(/tolerance/);

    expect((await client.webhooks.list()).map((each) => each.id)).toEqual([webhook.id]);
    expect(await client.webhooks.rotateSecret(webhook.id)).toMatch(/^whsec_/);
    expect(await client.webhooks.test(webhook.id)).toMatch(/.+/);
    expect((await client.webhooks.deliveries(webhook.id)).length).toBeGreaterThan(0);
    await client.webhooks.delete(webhook.id);
  });

  it("follows live events and resumes after a dropped connection without missing a change", async () => {
    const user = await signUpOn(app.baseUrl, "sdk-live");
    const client = clientOf(user.key);
    const writer = new SnapBoard({ baseUrl: app.baseUrl, apiKey: user.key });
    const snap = await client.snaps.create({ title: "Live", rows: 1, cols: 1 });
    const cardId = snap.cards[0]!.id;
    const controller = new AbortController();
    const seen: string[] = [];
    const events = client.live.events(snap.id, { signal: controller.signal });

    for await (const event of events) {
      seen.push(event.event);
      if (event.event === "ready") await writer.cards.update(cardId, { title: "one" });
      if (event.event === "change" && (event.data.cards as Card[])[0]?.title === "one") {
        // Drop every connection, write while the stream is down, and let it reconnect.
        appProxy.cut();
        await writer.cards.update(cardId, { title: "two" });
        await appProxy.restore();
      }
      if (event.event === "change" && (event.data.cards as Card[])[0]?.title === "two") break;
    }
    controller.abort();
    expect(seen.filter((name) => name === "ready")).toHaveLength(2);
    expect(seen.filter((name) => name === "change")).toHaveLength(2);
  });
});
