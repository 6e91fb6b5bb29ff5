import type { z } from "zod";
import type { webhookDeliverySchema, webhookSchema } from "@/lib/webhooks/webhook-schemas";

/** A webhook as GET /api/webhooks answers it. */
export type WebhookSummary = z.output<typeof webhookSchema>;
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

/** The event types one can subscribe to, grouped as the form shows them. */
export const EVENT_GROUPS: readonly { label: string; types: readonly string[] }[] = [
  { label: "Snaps", types: ["snap.created", "snap.updated", "snap.deleted"] },
  { label: "Cards", types: ["cards.created", "cards.updated", "cards.deleted"] },
  { label: "Lines", types: ["lines.created", "lines.updated", "lines.deleted"] },
];

export function describeEvents(events: readonly string[]): string {
  if (events.includes("*")) return "All events";
  return events.length <= 3 ? events.join(", ") : `${events.length} event types`;
}
