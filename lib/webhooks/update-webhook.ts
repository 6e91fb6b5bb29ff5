import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { assertWebhookInput } from "./assert-webhook-input";
import type { WebhookUpdate } from "./webhook-schemas";
import { webhookSelect, type WebhookRow } from "./webhook-selects";

/** PATCH /api/webhooks/:id. Enabling clears the reason and the failure count; disabling says "by you". */
export async function updateWebhook(principal: Principal, webhookId: string, input: WebhookUpdate): Promise<WebhookRow> {
  await assertWebhookInput(principal, input);
  const { enabled, ...fields } = input;
  const state =
    enabled === undefined
      ? {}
      : enabled
        ? { enabled: true, disabledReason: null, consecutiveFailures: 0 }
        : { enabled: false, disabledReason: "Disabled by you" };
  const { count } = await db.webhook.updateMany({
    where: { id: webhookId, userId: principal.userId },
    data: { ...fields, ...state, updatedAt: new Date() },
  });
  if (count === 0) throw new ApiError("NOT_FOUND", "Webhook not found");
  const webhook = await db.webhook.findUnique({ where: { id: webhookId }, select: webhookSelect });
  if (!webhook) throw new ApiError("NOT_FOUND", "Webhook not found");
  return webhook;
}
