import { config } from "@/lib/config";

/** Deliveries that finally failed, one after another, before the endpoint is disabled. */
export const FAILURES_BEFORE_DISABLING = 20;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** What the delivery log keeps of a receiver's answer. */
export const RESPONSE_BYTES_KEPT = 200;

/** WEBHOOK_RETRY_DELAYS: seconds between a delivery's attempts (Standard Webhooks' schedule); none means no retry. */
export function retryDelaysSeconds(): number[] {
  return config().WEBHOOK_RETRY_DELAYS;
}

/** Whether webhooks may reach loopback and private addresses (lib/outbound/private-urls-allowed.ts). */
export { privateUrlsAllowed } from "@/lib/outbound/private-urls-allowed";

/** Deliveries one instance sends at once (WEBHOOK_CONCURRENCY). */
export function deliveryConcurrency(): number {
  return config().WEBHOOK_CONCURRENCY;
}
