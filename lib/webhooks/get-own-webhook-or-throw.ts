import "server-only";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { webhookSelect, type WebhookRow } from "./webhook-selects";

/** The caller's webhook; another user's is a 404, as if it did not exist. */
export async function getOwnWebhookOrThrow(userId: string, webhookId: string): Promise<WebhookRow> {
  const webhook = await db.webhook.findFirst({ where: { id: webhookId, userId }, select: webhookSelect });
  if (!webhook) throw new ApiError("NOT_FOUND", "Webhook not found");
  return webhook;
}
