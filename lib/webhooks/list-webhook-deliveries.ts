import "server-only";
import { db } from "@/lib/db/client";
import { getOwnWebhookOrThrow } from "./get-own-webhook-or-throw";
import { webhookDeliverySelect, type WebhookDeliveryRow } from "./webhook-selects";

/** GET /api/webhooks/:id/deliveries: newest first. */
export async function listWebhookDeliveries(userId: string, webhookId: string, limit: number): Promise<WebhookDeliveryRow[]> {
  await getOwnWebhookOrThrow(userId, webhookId);
  return db.webhookDelivery.findMany({
    where: { webhookId },
    select: webhookDeliverySelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
}
