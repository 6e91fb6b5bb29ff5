import "server-only";
import { config } from "@/lib/config";
import { createHash } from "node:crypto";
import { decode } from "next-auth/jwt";

/** Auth.js names its cookie with a __Secure- prefix when served over https. */
export const SESSION_COOKIE_NAMES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;

function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeCookieValue(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** A value that does not percent-decode ("%", "%E0%A4%A") is no token, so no session: never a 500. */
function decodeCookieValue(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

export interface DecodedSession {
  sub: string;
  /** The user's session epoch when the token was issued (0 for tokens from before epochs existed). */
  epoch: number;
  /** The session's id, the same for every token of one sign-in (null for tokens from before ids existed). */
  sessionId: string | null;
  /** Expiry in ms since the epoch, or null for a token without exp. */
  expiresAt: number | null;
}

/**
 * Tokens this process has already decrypted (keyed by their SHA-256), with what they say. A token
 * is immutable, so its payload never changes; its expiry is still checked on every request, and
 * the user's membership is read from the database every time (lib/auth/load-principal.ts).
 * Decrypting (HKDF + JWE, about 1 ms) once per token instead of once per request.
 */
const decodedTokens = new Map<string, DecodedSession>();
const MAX_DECODED_TOKENS = 10_000;

async function decodeOnce(token: string, secret: string, salt: string): Promise<DecodedSession | null> {
  const key = createHash("sha256").update(salt).update("\0").update(token).digest("base64url");
  const cached = decodedTokens.get(key);
  if (cached) return cached;
  try {
    const payload = await decode({ token, secret, salt });
    if (!payload?.sub) return null;
    const epoch = typeof payload.epoch === "number" ? payload.epoch : 0;
    const sessionId = typeof payload.sid === "string" ? payload.sid : null;
    const decoded = { sub: payload.sub, epoch, sessionId, expiresAt: payload.exp ? payload.exp * 1000 : null };
    if (decodedTokens.size >= MAX_DECODED_TOKENS) {
      const oldest = decodedTokens.keys().next().value;
      if (oldest !== undefined) decodedTokens.delete(oldest);
    }
    decodedTokens.set(key, decoded);
    return decoded;
  } catch {
    return null; // a forged, stale-secret or truncated cookie is simply no session
  }
}

/**
 * The signed-in user's id and session epoch from the Auth.js session cookie, or null. Decoding the
 * JWE here, instead of calling auth(), keeps the API's hot path to one decrypt per token and no
 * extra round trip.
 */
export async function readSession(request: Request): Promise<DecodedSession | null> {
  const header = request.headers.get("cookie");
  const secret = config().AUTH_SECRET;
  if (!header || !secret) return null;
  for (const name of SESSION_COOKIE_NAMES) {
    const token = readCookie(header, name);
    if (!token) continue;
    const session = await decodeOnce(token, secret, name);
    if (session && (session.expiresAt === null || session.expiresAt > Date.now())) return session;
  }
  return null;
}
