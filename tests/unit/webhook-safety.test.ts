import { afterEach, describe, expect, it } from "vitest";
import { decodeFeedCursor, encodeFeedCursor } from "@/lib/events/feed-cursor";
import { toEventBody, toEventBodyText } from "@/lib/events/to-event-body";
import { ApiError } from "@/lib/errors/api-error";
import { isForbiddenAddress } from "@/lib/outbound/forbidden-addresses";
import { reloadConfig } from "@/lib/config";
import { retryDelaysSeconds } from "@/lib/webhooks/webhook-config";
import { decryptWebhookSecret, encryptWebhookSecret, generateWebhookSecret } from "@/lib/webhooks/webhook-secret";

describe("addresses a webhook may not reach", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.0.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "169.254.169.254",
    "100.64.1.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:7f00:1",
    "64:ff9b::a9fe:a9fe",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])("allows %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe("feed cursors", () => {
  it("round-trip, and refuse what this server did not hand out (400) or what retention dropped (410)", () => {
    const cursor = { txid: "812", seq: "40", at: Date.now() };
    expect(decodeFeedCursor(encodeFeedCursor(cursor), 30)).toEqual(cursor);
    const status = (value: string) => {
      try {
        decodeFeedCursor(value, 30);
        return 200;
      } catch (error) {
        return (error as ApiError).status;
      }
    };
    expect(status("")).toBe(400);
    expect(status("abc")).toBe(400);
    expect(status(Buffer.from("1.2.x").toString("base64url"))).toBe(400);
    expect(status("a".repeat(101))).toBe(400);
    expect(status(encodeFeedCursor({ ...cursor, at: Date.now() - 31 * 86_400_000 }))).toBe(410);
    expect(status(encodeFeedCursor({ ...cursor, at: Date.now() - 29 * 86_400_000 }))).toBe(200);
  });
});

describe("webhook settings and secrets", () => {
  const saved = { delays: process.env.WEBHOOK_RETRY_DELAYS, auth: process.env.AUTH_SECRET };
  afterEach(() => {
    process.env.WEBHOOK_RETRY_DELAYS = saved.delays;
    process.env.AUTH_SECRET = saved.auth;
    if (saved.delays === undefined) delete process.env.WEBHOOK_RETRY_DELAYS;
    if (saved.auth === undefined) delete process.env.AUTH_SECRET;
    reloadConfig();
  });

  it("reads WEBHOOK_RETRY_DELAYS, with Standard Webhooks' schedule by default", () => {
    delete process.env.WEBHOOK_RETRY_DELAYS;
    reloadConfig();
    expect(retryDelaysSeconds()).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    process.env.WEBHOOK_RETRY_DELAYS = "1, 2,3";
    reloadConfig();
    expect(retryDelaysSeconds()).toEqual([1, 2, 3]);
    process.env.WEBHOOK_RETRY_DELAYS = "";
    reloadConfig();
    expect(retryDelaysSeconds()).toEqual([]);
    process.env.WEBHOOK_RETRY_DELAYS = "1,soon";
    expect(() => reloadConfig()).toThrow(/WEBHOOK_RETRY_DELAYS expects comma-separated seconds/);
  });

  it("stores secrets encrypted: readable with the same AUTH_SECRET only", () => {
    process.env.AUTH_SECRET = "one secret";
    reloadConfig();
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const stored = encryptWebhookSecret(secret);
    expect(stored).not.toContain(secret.slice(6));
    expect(decryptWebhookSecret(stored)).toBe(secret);
    process.env.AUTH_SECRET = "another secret";
    reloadConfig();
    expect(() => decryptWebhookSecret(stored)).toThrow();
  });
});

describe("a webhook body with the event's data spliced in as stored", () => {
  const row = {
    seq: "7",
    txid: "900",
    id: "evt_abc",
    type: "cards.updated",
    snapId: "snap1",
    snapVersion: 12,
    actorType: "apiKey",
    actorUserId: "user1",
    actorApiKeyId: "key1",
    occurredAt: new Date("2026-11-26T10:00:00.123Z"),
  };
  const data = { cards: [{ id: "c1", title: 'A "quoted" title \u2028 and ünïcode', row: 0, col: 1, completed: false }] };

  it.each([false, true])("is the bytes of the event serialized whole (truncated: %s)", (truncated) => {
    const text = toEventBodyText({ ...row, truncated }, JSON.stringify(data));
    expect(text).toBe(JSON.stringify(toEventBody({ ...row, truncated, data })));
    expect(JSON.parse(text)).toEqual({ ...toEventBody({ ...row, truncated, data }) });
  });
});
