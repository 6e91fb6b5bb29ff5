/**
 * Verifying a webhook delivery per Standard Webhooks, with Web Crypto only (Node 20+, browsers,
 * Deno, edge runtimes): HMAC-SHA256 over `webhook-id.webhook-timestamp.body` with the endpoint's
 * secret (`whsec_…`), compared in constant time, and a timestamp within the tolerance.
 */
import type { Event } from "./generated/types.gen.js";
import { SnapBoardError } from "./errors.js";

/** A delivery's event, as the feed lists it. */
export type WebhookEvent = Event;

export interface VerifyOptions {
  /** How far the delivery's timestamp may be from now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** "Now", for tests. */
  now?: () => Date;
}

/** The delivery failed verification: wrong or missing signature, or a timestamp out of tolerance. */
export class WebhookVerificationError extends SnapBoardError {
  override readonly name = "WebhookVerificationError";
  constructor(message: string) {
    super({ status: 400, code: "BAD_REQUEST", message });
  }
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value[0] : value;
}

function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

async function sign(secret: string, content: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", base64ToBytes(secret.replace(/^whsec_/, "")) as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(content));
  return bytesToBase64(new Uint8Array(signature));
}

/**
 * Checks a delivery and returns its event. `rawBody` must be the bytes as received (parsing and
 * re-serialising changes them); `secret` may be several during a rotation (any one that matches
 * is enough). Throws WebhookVerificationError otherwise.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: HeaderSource,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError("Missing webhook-id, webhook-timestamp or webhook-signature header");
  const sentAt = Number(timestamp);
  const now = (options.now?.() ?? new Date()).getTime() / 1000;
  if (!Number.isInteger(sentAt)) throw new WebhookVerificationError("webhook-timestamp is not a number of seconds");
  if (Math.abs(now - sentAt) > (options.toleranceSeconds ?? 300))
    throw new WebhookVerificationError("webhook-timestamp is outside the tolerance: a replay, or a clock far off");
  const body = typeof rawBody === "string" ? rawBody : new TextDecoder().decode(rawBody);
  const offered = signatures
    .split(" ")
    .map((entry) => entry.split(","))
    .filter(([version]) => version === "v1")
    .map(([, value]) => value ?? "");
  for (const candidate of typeof secret === "string" ? [secret] : secret) {
    const expected = await sign(candidate, `${id}.${timestamp}.${body}`);
    if (offered.some((signature) => constantTimeEqual(signature, expected))) return JSON.parse(body) as WebhookEvent;
  }
  throw new WebhookVerificationError("No signature matches the secret");
}
