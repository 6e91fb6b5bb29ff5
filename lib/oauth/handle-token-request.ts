import "server-only";
import { countAttempt } from "@/lib/rate-limit/attempt-limiter";
import { clientIp } from "@/lib/rate-limit/client-ip";
import { rateLimitConfig } from "@/lib/rate-limit/rate-limit-config";
import { authenticateClient } from "./authenticate-client";
import { exchangeAuthorizationCode } from "./exchange-authorization-code";
import { OAuthError } from "./oauth-error";
import { oauthJson, readForm } from "./oauth-response";
import { refreshTokens } from "./refresh-tokens";

const SINGLE_PARAMS = ["grant_type", "code", "redirect_uri", "code_verifier", "refresh_token", "client_id", "resource", "scope"];

/**
 * POST {token_endpoint}: the authorization_code and refresh_token grants (RFC 6749 §4.1.3, §6).
 * Every request is charged to its address's budget first (RATE_LIMIT_OAUTH_TOKENS_PER_IP a
 * minute; 429 past it): each success stores tokens, and a refresh keeps the one it retires.
 */
export async function handleTokenRequest(request: Request): Promise<Response> {
  const config = rateLimitConfig();
  await countAttempt({
    budgets: [{ kind: "oauth-token-ip", value: clientIp(request), limit: config.tokenRequestsPerIp }],
    windowMs: config.tokenRequestWindowMs,
    message: "Too many token requests from this address",
  });
  const form = await readForm(request);
  const repeated = SINGLE_PARAMS.find((name) => form.getAll(name).length > 1);
  if (repeated) throw new OAuthError("invalid_request", `${repeated} is given more than once`);
  const grantType = form.get("grant_type");
  if (!grantType) throw new OAuthError("invalid_request", "grant_type is required");
  if (grantType !== "authorization_code" && grantType !== "refresh_token") {
    throw new OAuthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
  }
  const client = await authenticateClient(request, form);
  const tokens = grantType === "authorization_code" ? await exchangeAuthorizationCode(client, form) : await refreshTokens(client, form);
  return oauthJson(tokens);
}
