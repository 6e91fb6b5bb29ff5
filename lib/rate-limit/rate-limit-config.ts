/**
 * The limits, from the environment (README, "Configuration"). Read once per process.
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
  /** How many proxies in front of the app append to X-Forwarded-For (lib/rate-limit/client-ip.ts). */
  trustedProxyHops: number;
}

function numberEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

let config: RateLimitConfig | undefined;

export function rateLimitConfig(): RateLimitConfig {
  return (config ??= {
    requestsPerWindow: numberEnv("RATE_LIMIT_REQUESTS_PER_MINUTE", 1200),
    requestWindowMs: 60_000,
    syncIntervalMs: numberEnv("RATE_LIMIT_SYNC_INTERVAL_MS", 250),
    syncEveryHits: Math.max(1, numberEnv("RATE_LIMIT_SYNC_EVERY_HITS", 50)),
    failedAuthPerIp: numberEnv("RATE_LIMIT_FAILED_AUTH_PER_IP", 30),
    failedAuthPerKeyPrefix: numberEnv("RATE_LIMIT_FAILED_AUTH_PER_KEY_PREFIX", 10),
    failedAuthWindowMs: numberEnv("RATE_LIMIT_FAILED_AUTH_WINDOW_SECONDS", 900) * 1000,
    signInPerIp: numberEnv("RATE_LIMIT_SIGN_IN_PER_IP", 30),
    signInPerEmail: numberEnv("RATE_LIMIT_SIGN_IN_PER_EMAIL", 10),
    signUpPerIp: numberEnv("RATE_LIMIT_SIGN_UP_PER_IP", 20),
    signUpPerEmail: numberEnv("RATE_LIMIT_SIGN_UP_PER_EMAIL", 5),
    authFormWindowMs: numberEnv("RATE_LIMIT_SIGN_IN_WINDOW_SECONDS", 900) * 1000,
    trustedProxyHops: numberEnv("TRUSTED_PROXY_HOPS", 1),
  });
}
