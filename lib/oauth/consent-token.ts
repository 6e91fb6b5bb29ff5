import "server-only";
import { createHmac } from "node:crypto";
import { config } from "@/lib/config";
import { sameSecretHash } from "@/lib/auth/access-tokens/token-format";

/**
 * The consent form's anti-forgery token: an HMAC (under AUTH_SECRET) of the signed-in user, their
 * session epoch and the exact authorization request. A post from elsewhere cannot know it, and it
 * approves only the request the page showed, for the account it showed.
 */
export function consentToken(userId: string, sessionEpoch: number, authorizationQuery: string): string {
  const secret = config().AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set");
  return createHmac("sha256", secret).update(`oauth-consent\0${userId}\0${sessionEpoch}\0${authorizationQuery}`).digest("base64url");
}

export function isValidConsentToken(token: string, userId: string, sessionEpoch: number, authorizationQuery: string): boolean {
  return sameSecretHash(token, consentToken(userId, sessionEpoch, authorizationQuery));
}
