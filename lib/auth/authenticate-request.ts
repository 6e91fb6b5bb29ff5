import { ApiError } from "@/lib/errors/api-error";
import { annotateRequest } from "@/lib/request/request-context";
import { apiKeyAttempt } from "@/lib/auth/api-key-attempt";
import { authenticateAccessToken } from "@/lib/auth/access-tokens/authenticate-access-token";
import { ACCESS_TOKEN_PREFIX } from "@/lib/auth/access-tokens/token-format";
import { publicBaseUrl } from "@/lib/request/public-base-url";
import { bearerChallenge } from "@/lib/request/www-authenticate";
import { assertAttemptAllowed, countAttempt } from "@/lib/rate-limit/attempt-limiter";
import { authenticateApiKey, INVALID_KEY_MESSAGE, isProvenApiKey, unreadKeyPrincipal } from "./api-keys/authenticate-api-key";
import { isWellFormedApiKey } from "./api-keys/key-format";
import { loggedCredentialPrefix } from "./logged-credential-prefix";
import { loadSessionPrincipal } from "./load-principal";
import type { Principal } from "../request/principal";
import { assertSameOrigin } from "./same-origin";
import { readSession } from "./session-cookie";

/**
 * The one authentication step of every /api route: an `Authorization: Bearer` API key or OAuth
 * access token when the header is present (it wins over a cookie), else the session cookie. Any
 * failure is a 401. `keyUnread`: the operation's statement checks the key itself, so a key this
 * process has read before is not read again (lib/request/principal.ts, `keyUnread`).
 */
export async function authenticateRequest(request: Request, { keyUnread = false } = {}): Promise<Principal> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) return authenticateAuthorization(request, authorization, keyUnread);

  const session = await readSession(request);
  const principal = session ? await loadSessionPrincipal(session.sub, session.epoch, session.sessionId) : null;
  if (!principal) throw unauthorized("Sign in or send an API key in the Authorization header");
  assertSameOrigin(request);
  return principal;
}

/**
 * Failed attempts are limited per client address and per key prefix (429). A key this instance
 * has already proven skips the limiter: nothing is added to the hot path, and an attacker who
 * knows a key's prefix cannot lock its owner out. Any other key is checked before bcrypt runs.
 */
async function authenticateAuthorization(request: Request, authorization: string, keyUnread: boolean): Promise<Principal> {
  const key = /^Bearer (\S+)$/.exec(authorization.trim())?.[1];
  if (key?.startsWith(ACCESS_TOKEN_PREFIX)) return authenticateOAuthToken(request, key);
  if (key) annotateRequest({ keyPrefix: loggedCredentialPrefix(key) });
  const unread = key && keyUnread ? unreadKeyPrincipal(key) : null;
  if (unread) return unread;
  // Only a key of the right shape can succeed: a prefix budget guards a real key's prefix.
  const attempt = apiKeyAttempt(request, key && isWellFormedApiKey(key) ? key : undefined);
  if (!key || !isProvenApiKey(key)) await assertAttemptAllowed(attempt);

  const principal = key ? await authenticateApiKey(key) : null;
  if (principal) return principal;
  await countAttempt(attempt);
  throw unauthorized(key ? INVALID_KEY_MESSAGE : "Use the header Authorization: Bearer <API key>");
}

/**
 * An OAuth access token: one indexed lookup, no bcrypt, so the limiter is only charged on failure
 * (per address: a token's first characters name no one). Nothing of the token is logged.
 */
async function authenticateOAuthToken(request: Request, token: string): Promise<Principal> {
  const base = publicBaseUrl(request);
  const { pathname } = new URL(request.url);
  const check = await authenticateAccessToken(token, base, pathname);
  if ("principal" in check) return check.principal;
  await countAttempt(apiKeyAttempt(request, undefined));
  const message = check.refused === "audience" ? "This access token is not for this resource (its audience)" : "Invalid, expired or revoked access token";
  throw new ApiError("UNAUTHORIZED", message, undefined, { "WWW-Authenticate": bearerChallenge(base, pathname, { error: "invalid_token" }) });
}

function unauthorized(message: string) {
  return new ApiError("UNAUTHORIZED", message);
}
