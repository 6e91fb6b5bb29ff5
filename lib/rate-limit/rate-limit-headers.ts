import type { RateLimitState } from "../request/rate-limit-state";

/** X-RateLimit-Reset is the Unix time (seconds) the window ends, as GitHub's API reports it. */
export function rateLimitHeaders(state: RateLimitState | undefined): Record<string, string> {
  if (!state) return {};
  return {
    "X-RateLimit-Limit": String(state.limit),
    "X-RateLimit-Remaining": String(state.remaining),
    "X-RateLimit-Reset": String(Math.ceil(state.resetAt / 1000)),
  };
}
