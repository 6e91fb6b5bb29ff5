import { config } from "@/lib/config";

/** An event body above this carries ids only (`truncated: true`). */
export const MAX_EVENT_BYTES = 256 * 1024;

/**
 * The NOTIFY channel a write's outbox rows announce themselves on: the feed's recorder writes them
 * with the events, the webhooks' fan-out (lib/webhooks/fan-out-trigger.ts) listens.
 */
export const WEBHOOK_OUTBOX_CHANNEL = "webhook_outbox";

/** EVENT_RETENTION_DAYS: how long the feed, and the delivery log, keep events. */
export function eventRetentionDays(): number {
  return config().EVENT_RETENTION_DAYS;
}
