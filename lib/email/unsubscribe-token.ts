import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";

/**
 * The signed token of an email's one-click unsubscribe (RFC 8058): the user id and an HMAC of it
 * under a key derived from AUTH_SECRET, so no one can unsubscribe another user by guessing, and no
 * sign-in is needed. It never expires: an old email's link keeps working.
 */
function signature(userId: string): Buffer {
  const key = createHmac("sha256", config().AUTH_SECRET ?? "")
    .update("snap-email-unsubscribe")
    .digest();
  return createHmac("sha256", key).update(userId).digest();
}

export function createUnsubscribeToken(userId: string): string {
  return `${Buffer.from(userId).toString("base64url")}.${signature(userId).toString("base64url")}`;
}

/** The user id the token was made for; null for anything this server did not sign. */
export function verifyUnsubscribeToken(token: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,100})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Buffer.from(match[1]!, "base64url").toString("utf8");
  const given = Buffer.from(match[2]!, "base64url");
  const expected = signature(userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
