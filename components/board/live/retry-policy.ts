import type { ApiResult } from "@/components/http/call-api";

/**
 * Failures that can pass: no answer at all (status 0: offline, a dropped connection, a timeout),
 * and the answers of a server that is busy, restarting or behind a proxy that lost it. A save that
 * meets one is kept and sent again; any other failure is a refusal (docs/SAVING.md).
 */
const PASSING_STATUSES = new Set([0, 408, 429, 502, 503, 504]);

export function isPassingFailure(result: ApiResult<unknown>): boolean {
  return !result.ok && PASSING_STATUSES.has(result.status);
}

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
/** The longest Retry-After honoured: a server asking for more is asked again sooner. */
const MAX_RETRY_AFTER_MS = 120_000;

/**
 * How long to wait before attempt `attempt + 1`: exponential from half a second, capped at 30 s,
 * with full jitter (so that the boards a restarted server drops do not all come back at once);
 * never sooner than the answer's `Retry-After` (seconds, or an HTTP date).
 */
export function retryDelayMs(attempt: number, headers?: Headers, random = Math.random(), now = Date.now()): number {
  const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
  const backoff = Math.round(ceiling / 2 + (ceiling / 2) * random);
  const asked = retryAfterMs(headers?.get("retry-after") ?? null, now);
  return asked === null ? backoff : asked + Math.round(FIRST_DELAY_MS * random);
}

function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null) return null;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) && value.trim() !== "" ? seconds * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : null;
}
