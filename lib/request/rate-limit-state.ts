/** A caller's request budget after one request, as the X-RateLimit-* headers report it. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** When the window ends, in ms since the epoch. */
  resetAt: number;
  exceeded: boolean;
}
