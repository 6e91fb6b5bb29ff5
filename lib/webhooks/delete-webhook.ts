import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";

/**
 * DELETE /api/webhooks/:id. Its deliveries go with it (ON DELETE CASCADE), so a queued delivery
 * job finds nothing and sends nothing.
 */
export async function deleteWebhook(userId: string, webhookId: string): Promise<void> {
  const { count } = await db.webhook.deleteMany({ where: { id: webhookId, userId } });
  if (count === 0) throw new ApiError("NOT_FOUND", "Webhook not found");
}
