import "server-only";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { assertWebhookInput } from "./assert-webhook-input";
import { webhookAuditName } from "./webhook-audit-name";
import type { WebhookUpdate } from "./webhook-schemas";
import { webhookSelect, type WebhookRow } from "./webhook-selects";

/**
 * PATCH /api/webhooks/:id. Enabling clears the reason and the failure count; disabling says "by you".
 * A change of where it sends or what (URL, events, scope) is recorded as `webhook.updated`.
 */
export async function updateWebhook(principal: Principal, webhookId: string, input: WebhookUpdate): Promise<WebhookRow> {
  await assertWebhookInput(principal, input);
  const { enabled, ...fields } = input;
  const state =
    enabled === undefined
      ? {}
      : enabled
        ? { enabled: true, disabledReason: null, consecutiveFailures: 0 }
        : { enabled: false, disabledReason: "Disabled by you" };
  return runTransaction(async (tx) => {
    const before = await tx.webhook.findFirst({ where: { id: webhookId, userId: principal.userId }, select: webhookSelect });
    if (!before) throw new ApiError("NOT_FOUND", "Webhook not found");
    const webhook = await tx.webhook.update({ where: { id: webhookId }, data: { ...fields, ...state, updatedAt: new Date() }, select: webhookSelect });
    if (redirected(before, webhook)) {
      await recordAuditEvent(tx, {
        workspace: { ofUserId: principal.userId },
        action: "webhook.updated",
        actor: auditActorOf(principal),
        target: { type: "webhook", id: webhook.id, name: webhookAuditName(webhook) },
      });
    }
    return webhook;
  });
}

function redirected(before: WebhookRow, after: WebhookRow): boolean {
  const sameEvents = before.events.length === after.events.length && before.events.every((event) => after.events.includes(event));
  return before.url !== after.url || before.snapId !== after.snapId || !sameEvents;
}
