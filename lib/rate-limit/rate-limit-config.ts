import { config } from "@/lib/config";

/**
 * The limits, from the environment (docs/CONFIGURATION.md). Read once per process.
 * A limit of 0 turns that limit off.
 */
export interface RateLimitConfig {
  /** Requests per caller (API key, or signed-in user) per window. */
  requestsPerWindow: number;
  requestWindowMs: number;
  /** Local hits are sent to the shared store at least this often, and at once after this many. */
  syncIntervalMs: number;
  syncEveryHits: number;
  /** Failed API-key authentications per client IP and per key prefix per window. */
  failedAuthPerIp: number;
  failedAuthPerKeyPrefix: number;
  failedAuthWindowMs: number;
  /** Failed sign-ins per client IP and per email, and sign-ups per IP and per email, per window. */
  signInPerIp: number;
  signInPerEmail: number;
  signUpPerIp: number;
  signUpPerEmail: number;
  authFormWindowMs: number;
  /** OAuth dynamic client registrations per client IP per window (lib/oauth/). */
  clientRegistrationsPerIp: number;
  clientRegistrationWindowMs: number;
  /** OAuth token endpoint requests per client IP per window (code exchanges and refreshes). */
  tokenRequestsPerIp: number;
  tokenRequestWindowMs: number;
  /** How many proxies in front of the app append to X-Forwarded-For; 0: none, the socket address counts (lib/rate-limit/client-ip.ts). */
  trustedProxyHops: number;
}

let limits: RateLimitConfig | undefined;

export function rateLimitConfig(): RateLimitConfig {
  const env = config();
  return (limits ??= {
    requestsPerWindow: env.RATE_LIMIT_REQUESTS_PER_MINUTE,
    requestWindowMs: 60_000,
    syncIntervalMs: env.RATE_LIMIT_SYNC_INTERVAL_MS,
    syncEveryHits: env.RATE_LIMIT_SYNC_EVERY_HITS,
    failedAuthPerIp: env.RATE_LIMIT_FAILED_AUTH_PER_IP,
    failedAuthPerKeyPrefix: env.RATE_LIMIT_FAILED_AUTH_PER_KEY_PREFIX,
    failedAuthWindowMs: env.RATE_LIMIT_FAILED_AUTH_WINDOW_SECONDS * 1000,
    signInPerIp: env.RATE_LIMIT_SIGN_IN_PER_IP,
    signInPerEmail: env.RATE_LIMIT_SIGN_IN_PER_EMAIL,
    signUpPerIp: env.RATE_LIMIT_SIGN_UP_PER_IP,
    signUpPerEmail: env.RATE_LIMIT_SIGN_UP_PER_EMAIL,
    authFormWindowMs: env.RATE_LIMIT_SIGN_IN_WINDOW_SECONDS * 1000,
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
    clientRegistrationsPerIp: env.RATE_LIMIT_OAUTH_REGISTRATIONS_PER_IP,
    clientRegistrationWindowMs: 3_600_000,
    tokenRequestsPerIp: env.RATE_LIMIT_OAUTH_TOKENS_PER_IP,
    tokenRequestWindowMs: 60_000,
  });
}
