/** A webhook as GET /api/webhooks answers it. */
export interface WebhookSummary {
  id: string;
  url: string;
  events: string[];
  snapId: string | null;
  description: string;
  enabled: boolean;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: string;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  lastResponseStatus: number | null;
  lastError: string | null;
  durationMs: number | null;
  createdAt: string;
  nextAttemptAt: string | null;
}

export const MAX_WEBHOOKS = 20;

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
