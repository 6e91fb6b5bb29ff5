import "server-only";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { assertWebhookInput } from "./assert-webhook-input";
import { MAX_WEBHOOKS_PER_USER } from "@/lib/validation/per-user-limits";
import type { WebhookCreate } from "./webhook-schemas";
import { encryptWebhookSecret, generateWebhookSecret } from "./webhook-secret";
import { webhookAuditName } from "./webhook-audit-name";
import { webhookSelect, type WebhookRow } from "./webhook-selects";

/** POST /api/webhooks: returns the secret, the only time (with rotation) it is shown. */
export async function createWebhook(principal: Principal, input: WebhookCreate): Promise<{ webhook: WebhookRow; secret: string }> {
  await assertWebhookInput(principal, input);
  const secret = generateWebhookSecret();
  const webhook = await runTransaction(async (tx) => {
    // The user row is locked so that two concurrent creates cannot both pass the limit.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${principal.userId} FOR UPDATE`;
    const count = await tx.webhook.count({ where: { userId: principal.userId } });
    if (count >= MAX_WEBHOOKS_PER_USER) {
      throw new ApiError("CONFLICT", `You already have ${MAX_WEBHOOKS_PER_USER} webhooks, the most allowed. Delete one to add another.`);
    }
    const created = await tx.webhook.create({
      data: { ...input, userId: principal.userId, secretCiphertext: encryptWebhookSecret(secret) },
      select: webhookSelect,
    });
    await recordAuditEvent(tx, {
      workspace: { ofUserId: principal.userId },
      action: "webhook.created",
      actor: auditActorOf(principal),
      target: { type: "webhook", id: created.id, name: webhookAuditName(created) },
    });
    return created;
  });
  return { webhook, secret };
}
