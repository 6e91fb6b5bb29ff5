import "server-only";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { webhookAuditName } from "./webhook-audit-name";
import { encryptWebhookSecret, generateWebhookSecret } from "./webhook-secret";

/** POST /api/webhooks/:id/rotate-secret: the old secret stops signing at once; the new one is shown once. */
export async function rotateWebhookSecret(principal: Principal, webhookId: string): Promise<string> {
  const secret = generateWebhookSecret();
  return runTransaction(async (tx) => {
    const webhook = await tx.webhook.findFirst({ where: { id: webhookId, userId: principal.userId }, select: { id: true, url: true, description: true } });
    if (!webhook) throw new ApiError("NOT_FOUND", "Webhook not found");
    await tx.webhook.update({ where: { id: webhookId }, data: { secretCiphertext: encryptWebhookSecret(secret), updatedAt: new Date() } });
    await recordAuditEvent(tx, {
      workspace: { ofUserId: principal.userId },
      action: "webhook.secret_rotated",
      actor: auditActorOf(principal),
      target: { type: "webhook", id: webhook.id, name: webhookAuditName(webhook) },
    });
    return secret;
  });
}
