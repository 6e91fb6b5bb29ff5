import type { Attempt } from "@/lib/rate-limit/attempt-limiter";
import { clientIp } from "@/lib/rate-limit/client-ip";
import { rateLimitConfig } from "@/lib/rate-limit/rate-limit-config";

/**
 * One budget per client address (RATE_LIMIT_OAUTH_REGISTRATIONS_PER_IP an hour) for everything
 * that makes this server learn a new client: a registration (RFC 7591), and a client ID metadata
 * document fetched because an authorization request named it.
 */
export function clientRegistrationBudget(request: Request): Attempt {
  const config = rateLimitConfig();
  return {
    budgets: [{ kind: "oauth-register-ip", value: clientIp(request), limit: config.clientRegistrationsPerIp }],
    windowMs: config.clientRegistrationWindowMs,
    message: "Too many new OAuth clients from this address",
  };
}
