import { config } from "@/lib/config";

/** An event body above this carries ids only (`truncated: true`). */
export const MAX_EVENT_BYTES = 256 * 1024;

/** An event's data above this is stored as ids only: room for the envelope (id, type, actor, ...) around it. */
export const MAX_EVENT_DATA_BYTES = MAX_EVENT_BYTES - 1024;

/**
 * The NOTIFY channel a write's outbox rows announce themselves on: the feed's recorder writes them
 * with the events, the webhooks' fan-out (lib/webhooks/fan-out-trigger.ts) listens.
 */
export const WEBHOOK_OUTBOX_CHANNEL = "webhook_outbox";

/**
 * The CTE after `feed_inserted` (RETURNING seq) that puts the new events in the webhooks' outbox
 * when any webhook is enabled, for batches and single writes alike: the outbox row is all a write
 * pays for webhooks; its NOTIFY (sent on commit) wakes the fan-out (lib/webhooks/fan-out-events.ts).
 */
export const FEED_OUTBOX_CTE = `feed_outbox AS (
      INSERT INTO "WebhookOutbox" (seq) SELECT seq FROM feed_inserted WHERE EXISTS (SELECT 1 FROM "Webhook" WHERE enabled)
      RETURNING pg_notify('${WEBHOOK_OUTBOX_CHANNEL}', '')
    )`;

/** EVENT_RETENTION_DAYS: how long the feed, and the delivery log, keep events. */
export function eventRetentionDays(): number {
  return config().EVENT_RETENTION_DAYS;
}
