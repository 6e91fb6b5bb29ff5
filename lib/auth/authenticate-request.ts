import { ApiError } from "@/lib/http/api-error";
import { authenticateApiKey } from "./api-keys/authenticate-api-key";
import { loadSessionPrincipal } from "./load-principal";
import type { Principal } from "./principal";
import { assertSameOrigin } from "./same-origin";
import { readSessionUserId } from "./session-cookie";

/**
 * The one authentication step of every /api route: an `Authorization: Bearer` API key when the
 * header is present (it wins over a cookie), else the session cookie. Any failure is a 401.
 */
export async function authenticateRequest(request: Request): Promise<Principal> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer (\S+)$/.exec(authorization.trim());
    if (!match?.[1]) throw unauthorized("Use the header Authorization: Bearer <API key>");
    const principal = await authenticateApiKey(match[1]);
    if (!principal) throw unauthorized("Invalid, incomplete or revoked API key");
    return principal;
  }

  const userId = await readSessionUserId(request);
  const principal = userId ? await loadSessionPrincipal(userId) : null;
  if (!principal) throw unauthorized("Sign in or send an API key in the Authorization header");
  assertSameOrigin(request);
  return principal;
}

function unauthorized(message: string) {
  return new ApiError("UNAUTHORIZED", message);
}
