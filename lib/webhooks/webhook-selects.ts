import type { Prisma } from "@/lib/db/generated/client";

/** Webhook as the API shows it (webhookSchema): never the secret. */
export const webhookSelect = {
  id: true,
  url: true,
  events: true,
  snapId: true,
  description: true,
  enabled: true,
  disabledReason: true,
  createdAt: true,
  updatedAt: true,
} as const;

export const webhookDeliverySelect = {
  id: true,
  eventId: true,
  eventType: true,
  status: true,
  attempts: true,
  lastResponseStatus: true,
  lastError: true,
  durationMs: true,
  createdAt: true,
  nextAttemptAt: true,
} as const;

export type WebhookRow = Prisma.WebhookGetPayload<{ select: typeof webhookSelect }>;
export type WebhookDeliveryRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof webhookDeliverySelect }>;
