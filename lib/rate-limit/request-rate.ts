import type { Principal } from "@/lib/request/principal";
import { rateLimitConfig } from "./rate-limit-config";
import { rateLimitedError } from "./rate-limited-error";
import type { RateLimitState } from "../request/rate-limit-state";
import { currentRequestContext } from "../request/request-context";
import { sharedCounterStore } from "./shared-counter-store";
import { SyncedCounters } from "./synced-counters";

const globalForCounters = globalThis as unknown as { snapRequestCounters?: SyncedCounters };

function requestCounters(): SyncedCounters {
  const config = rateLimitConfig();
  return (globalForCounters.snapRequestCounters ??= new SyncedCounters(sharedCounterStore(), {
    windowMs: config.requestWindowMs,
    syncIntervalMs: config.syncIntervalMs,
    syncEveryHits: config.syncEveryHits,
  }));
}

/**
 * Counts one request against the caller's budget (per API key; per user for a browser session),
 * in memory: no round trip on the request path (lib/rate-limit/synced-counters.ts).
 * Undefined when the limit is off.
 */
export function countRequest(principal: Principal): RateLimitState | undefined {
  const limit = rateLimitConfig().requestsPerWindow;
  if (limit === 0) return undefined;
  const key = principal.apiKeyId ? `requests-key:${principal.apiKeyId}` : `requests-user:${principal.userId}`;
  const hit = requestCounters().hit(key, limit);
  return { limit, remaining: Math.max(0, limit - hit.count), resetAt: hit.resetAt, exceeded: !hit.allowed };
}

export function assertWithinRequestRate(state: RateLimitState | undefined): void {
  if (state?.exceeded) throw rateLimitedError("Too many requests for this caller", state.resetAt);
}

/**
 * One HTTP request that carries `calls` more requests (an MCP batch of JSON-RPC messages) is
 * charged for each: 429 for the whole batch, nothing of it run, once the budget does not hold them.
 * The answer's X-RateLimit-* headers report the budget after them.
 */
export function chargeBatchCalls(principal: Principal, calls: number): void {
  let state: RateLimitState | undefined;
  for (let call = 0; call < calls && !state?.exceeded; call++) state = countRequest(principal);
  const context = currentRequestContext();
  if (context && state) context.rateLimit = state;
  assertWithinRequestRate(state);
}
