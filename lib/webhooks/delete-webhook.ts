import "server-only";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { webhookAuditName } from "./webhook-audit-name";

/**
 * DELETE /api/webhooks/:id. Its deliveries go with it (ON DELETE CASCADE), so a queued delivery
 * job finds nothing and sends nothing.
 */
export async function deleteWebhook(principal: Principal, webhookId: string): Promise<void> {
  await runTransaction(async (tx) => {
    const [deleted] = await tx.$queryRaw<{ url: string; description: string }[]>`
      DELETE FROM "Webhook" WHERE id = ${webhookId} AND "userId" = ${principal.userId} RETURNING url, description`;
    if (!deleted) throw new ApiError("NOT_FOUND", "Webhook not found");
    await recordAuditEvent(tx, {
      workspace: { ofUserId: principal.userId },
      action: "webhook.deleted",
      actor: auditActorOf(principal),
      target: { type: "webhook", id: webhookId, name: webhookAuditName(deleted) },
    });
  });
}
