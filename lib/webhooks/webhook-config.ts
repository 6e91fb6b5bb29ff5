import { config } from "@/lib/config";

/** Deliveries that finally failed, one after another, before the endpoint is disabled. */
export const FAILURES_BEFORE_DISABLING = 20;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What the delivery log keeps of a receiver's answer. */
export const RESPONSE_BYTES_KEPT = 200;
/** An event body above this carries ids only (`truncated: true`). */
export const MAX_EVENT_BYTES = 256 * 1024;

/** WEBHOOK_RETRY_DELAYS: seconds between a delivery's attempts (Standard Webhooks' schedule); none means no retry. */
export function retryDelaysSeconds(): number[] {
  return config().WEBHOOK_RETRY_DELAYS;
}

/** For tests and local receivers only: lets webhooks reach loopback and private addresses. */
export function privateUrlsAllowed(): boolean {
  return config().WEBHOOK_ALLOW_PRIVATE_URLS;
}

/** EVENT_RETENTION_DAYS: how long the feed, and the delivery log, keep events. */
export function eventRetentionDays(): number {
  return config().EVENT_RETENTION_DAYS;
}

/** Deliveries one instance sends at once (WEBHOOK_CONCURRENCY). */
export function deliveryConcurrency(): number {
  return config().WEBHOOK_CONCURRENCY;
}
