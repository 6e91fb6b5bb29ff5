/** The NOTIFY channel a write's outbox rows announce themselves on (lib/webhooks/fan-out-trigger.ts). */
export const WEBHOOK_OUTBOX_CHANNEL = "webhook_outbox";
