import "server-only";
import { db } from "@/lib/db/client";
import { webhookSelect, type WebhookRow } from "./webhook-selects";

/** GET /api/webhooks: the caller's, newest first. */
export function listWebhooks(userId: string): Promise<WebhookRow[]> {
  return db.webhook.findMany({ where: { userId }, select: webhookSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}
