import "server-only";
import { randomBytes } from "node:crypto";
import type { Principal } from "@/lib/request/principal";
import { createId } from "@/lib/db/create-id";
import { prismaSql } from "@/lib/db/prisma-sql";
import sql from "sql-template-tag";
import { runTransaction } from "@/lib/db/run-transaction";
import type { FeedEventBody } from "@/lib/events/event-schemas";
import { actorOf } from "@/lib/live/write-actor";
import { getOwnWebhookOrThrow } from "./get-own-webhook-or-throw";
import { deliveryJobSql } from "./delivery-job-sql";

export function newEventId(): string {
  return `evt_${randomBytes(16).toString("base64url")}`;
}

/** POST /api/webhooks/:id/test: a webhook.test event to this endpoint only (also when disabled). */
export async function sendTestEvent(principal: Principal, webhookId: string): Promise<{ deliveryId: string }> {
  await getOwnWebhookOrThrow(principal.userId, webhookId);
  const { type, userId, apiKeyId, clientId } = actorOf(principal);
  const event: FeedEventBody = {
    id: newEventId(),
    type: "webhook.test",
    occurredAt: new Date().toISOString(),
    snapId: null,
    snapVersion: null,
    actor: { type, userId, apiKeyId, ...(type === "oauthApp" && principal.oauth ? { clientId: clientId ?? "", clientName: principal.oauth.clientName } : {}) },
    data: { webhookId },
  };
  const deliveryId = createId();
  await runTransaction(async (tx) => {
    await tx.webhookDelivery.create({
      data: { id: deliveryId, webhookId, eventId: event.id, eventType: event.type, testEvent: event as object, nextAttemptAt: new Date() },
    });
    await tx.$queryRaw`SELECT (${prismaSql(deliveryJobSql(sql`${deliveryId}`, sql`now()`))}).id::text`;
  });
  return { deliveryId };
}
