/** Standard Webhooks' retry schedule, in seconds after the failed attempt. */
const DEFAULT_RETRY_DELAYS = [5, 300, 1800, 7200, 18000, 36000, 36000];

/** Deliveries that finally failed, one after another, before the endpoint is disabled. */
export const FAILURES_BEFORE_DISABLING = 20;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What the delivery log keeps of a receiver's answer. */
export const RESPONSE_BYTES_KEPT = 200;
/** An event body above this carries ids only (`truncated: true`). */
export const MAX_EVENT_BYTES = 256 * 1024;

/** WEBHOOK_RETRY_DELAYS: comma-separated seconds; "" means no retry. Bad values fall back to the default. */
export function retryDelaysSeconds(): number[] {
  const raw = process.env.WEBHOOK_RETRY_DELAYS;
  if (raw === undefined) return DEFAULT_RETRY_DELAYS;
  if (raw.trim() === "") return [];
  const delays = raw.split(",").map((part) => Number(part.trim()));
  return delays.every((delay) => Number.isFinite(delay) && delay >= 0) ? delays : DEFAULT_RETRY_DELAYS;
}

/** For tests and local receivers only: lets webhooks reach loopback and private addresses. */
export function privateUrlsAllowed(): boolean {
  return process.env.WEBHOOK_ALLOW_PRIVATE_URLS === "true";
}

/** EVENT_RETENTION_DAYS (default 30): how long the feed, and the delivery log, keep events. */
export function eventRetentionDays(): number {
  const days = Number(process.env.EVENT_RETENTION_DAYS ?? 30);
  return Number.isFinite(days) && days > 0 ? days : 30;
}

/** Deliveries one instance sends at once (WEBHOOK_CONCURRENCY, default 8). */
export function deliveryConcurrency(): number {
  const value = Number(process.env.WEBHOOK_CONCURRENCY ?? 8);
  return Number.isInteger(value) && value > 0 && value <= 64 ? value : 8;
}
