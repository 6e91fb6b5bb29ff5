import { ApiError } from "@/lib/errors/api-error";
import { annotateRequest } from "@/lib/request/request-context";
import { apiKeyAttempt } from "@/lib/auth/api-key-attempt";
import { authenticateAccessToken } from "@/lib/auth/access-tokens/authenticate-access-token";
import { ACCESS_TOKEN_PREFIX } from "@/lib/auth/access-tokens/token-format";
import { publicBaseUrl } from "@/lib/request/public-base-url";
import { bearerChallenge } from "@/lib/request/www-authenticate";
import { assertAttemptAllowed, countAttempt } from "@/lib/rate-limit/attempt-limiter";
import { authenticateApiKey, isProvenApiKey } from "./api-keys/authenticate-api-key";
import { displayPrefix } from "./api-keys/key-format";
import { loadSessionPrincipal } from "./load-principal";
import type { Principal } from "../request/principal";
import { assertSameOrigin } from "./same-origin";
import { readSession } from "./session-cookie";

/**
 * The one authentication step of every /api route: an `Authorization: Bearer` API key or OAuth
 * access token when the header is present (it wins over a cookie), else the session cookie. Any
 * failure is a 401.
 */
export async function authenticateRequest(request: Request): Promise<Principal> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) return authenticateAuthorization(request, authorization);

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
async function authenticateAuthorization(request: Request, authorization: string): Promise<Principal> {
  const key = /^Bearer (\S+)$/.exec(authorization.trim())?.[1];
  if (key?.startsWith(ACCESS_TOKEN_PREFIX)) return authenticateOAuthToken(request, key);
  if (key) annotateRequest({ keyPrefix: displayPrefix(key) });
  const attempt = apiKeyAttempt(request, key);
  if (!key || !isProvenApiKey(key)) await assertAttemptAllowed(attempt);

  const principal = key ? await authenticateApiKey(key) : null;
  if (principal) return principal;
  await countAttempt(attempt);
  throw unauthorized(key ? "Invalid, incomplete or revoked API key" : "Use the header Authorization: Bearer <API key>");
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
