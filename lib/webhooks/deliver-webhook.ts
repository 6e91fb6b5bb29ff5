import { Webhook as StandardWebhook } from "standardwebhooks";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { runTransaction } from "@/lib/db/run-transaction";
import { eventAccessJoinsSql, eventReadableBySql } from "@/lib/events/event-access-sql";
import { toEventBody, type FeedEventRow } from "@/lib/events/to-event-body";
import { logger } from "@/lib/log/logger";
import { webhookUrlProblem } from "./check-webhook-url";
import { deliveryJobSql } from "./job-names";
import { sendWebhookRequest, type WebhookResponse } from "./send-webhook-request";
import { FAILURES_BEFORE_DISABLING, retryDelaysSeconds } from "./webhook-config";
import { decryptWebhookSecret } from "./webhook-secret";

interface DeliveryToSend {
  id: string;
  webhookId: string;
  status: string;
  attempts: number;
  eventType: string;
  testEvent: unknown;
  url: string;
  secretCiphertext: string;
  enabled: boolean;
  readable: boolean;
  event: (Omit<FeedEventRow, "occurredAt"> & { occurredAt: string }) | null;
}

/**
 * The job of one delivery: one attempt. Sends only while the webhook exists (a deleted one took its
 * deliveries with it), is enabled, and its owner can read the event's snap now; then records the
 * outcome and, on failure, queues the next attempt after the configured delay, in one transaction.
 */
export async function deliverWebhook(payload: unknown): Promise<void> {
  const deliveryId = (payload as { deliveryId?: unknown } | null)?.deliveryId;
  if (typeof deliveryId !== "string") return;
  const [delivery] = await db.$queryRaw<DeliveryToSend[]>`
    SELECT d.id, d."webhookId", d.status::text AS status, d.attempts, d."eventType", d."testEvent", w.url, w."secretCiphertext", w.enabled,
      CASE WHEN e.seq IS NULL THEN true ELSE ${eventReadableBySql(Prisma.sql`w."userId"`, Prisma.sql`m."workspaceId"`)} END AS readable,
      CASE WHEN e.seq IS NULL THEN NULL ELSE json_build_object('seq', e.seq::text, 'txid', e.txid::text, 'id', e.id, 'type', e.type, 'snapId', e."snapId",
        'snapVersion', e."snapVersion", 'actorType', e."actorType", 'actorUserId', e."actorUserId", 'actorApiKeyId', e."actorApiKeyId",
        'data', e.data, 'truncated', e.truncated, 'occurredAt', e."occurredAt") END AS event
    FROM "WebhookDelivery" AS d
    JOIN "Webhook" AS w ON w.id = d."webhookId"
    LEFT JOIN "Membership" AS m ON m."userId" = w."userId"
    LEFT JOIN "FeedEvent" AS e ON e.seq = d."eventSeq"
    ${eventAccessJoinsSql}
    WHERE d.id = ${deliveryId}`;
  if (!delivery || delivery.status !== "pending") return;

  const isTest = delivery.eventType === "webhook.test";
  const body = isTest ? delivery.testEvent : delivery.event ? toEventBody({ ...delivery.event, occurredAt: new Date(delivery.event.occurredAt) }) : null;
  if (!body) return finish(delivery, { status: null, bodyStart: null, error: "The event is older than the feed's retention", durationMs: 0 }, true);
  if (!delivery.enabled && !isTest) return finish(delivery, { status: null, bodyStart: null, error: "Not sent: the endpoint is disabled", durationMs: 0 }, true);
  if (!delivery.readable) {
    return finish(delivery, { status: null, bodyStart: null, error: "Not sent: the webhook's owner can no longer read this snap", durationMs: 0 }, true);
  }

  let secret: string;
  try {
    secret = decryptWebhookSecret(delivery.secretCiphertext);
  } catch {
    const error = "Not sent: the signing secret cannot be read (AUTH_SECRET changed?); rotate the secret";
    return finish(delivery, { status: null, bodyStart: null, error, durationMs: 0 }, true);
  }
  const text = JSON.stringify(body);
  const eventId = (body as { id: string }).id;
  const signer = new StandardWebhook(secret);
  const timestamp = new Date();
  const headers = {
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": signer.sign(eventId, timestamp, text),
  };
  // IP literals never reach the connect-time lookup check, so the URL is checked here too.
  const refused = await webhookUrlProblem(delivery.url);
  const response = refused ? { status: null, bodyStart: null, error: refused, durationMs: 0 } : await sendWebhookRequest(delivery.url, headers, text);
  await finish(delivery, response, false);
}

/** Records one attempt (or a refusal to send, `final`), and what follows from it. */
async function finish(delivery: DeliveryToSend, response: WebhookResponse, final: boolean): Promise<void> {
  const ok = response.status !== null && response.status >= 200 && response.status < 300;
  const gone = response.status === 410;
  const delays = retryDelaysSeconds();
  const attempts = final ? delivery.attempts : delivery.attempts + 1;
  const retryIn = !ok && !gone && !final ? delays[attempts - 1] : undefined;
  const status = ok ? "succeeded" : retryIn === undefined ? "failed" : "pending";
  const lastError = ok ? null : (response.error ?? describeAnswer(response));
  await runTransaction(async (tx) => {
    const nextAttemptAt = retryIn === undefined ? null : new Date(Date.now() + retryIn * 1000);
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: delivery.id, status: "pending" },
      data: {
        status,
        attempts,
        lastResponseStatus: response.status,
        lastResponseBody: response.bodyStart,
        lastError,
        durationMs: final ? null : response.durationMs,
        nextAttemptAt,
        updatedAt: new Date(),
      },
    });
    if (count === 0) return; // deleted meanwhile, with its webhook
    if (nextAttemptAt) await tx.$queryRaw`SELECT (${deliveryJobSql(Prisma.sql`${delivery.id}`, Prisma.sql`${nextAttemptAt}`)}).id::text`;
    if (final) return;
    if (ok) {
      await tx.webhook.updateMany({ where: { id: delivery.webhookId, consecutiveFailures: { gt: 0 } }, data: { consecutiveFailures: 0 } });
    } else if (gone) {
      await tx.webhook.updateMany({
        where: { id: delivery.webhookId, enabled: true },
        data: { enabled: false, disabledReason: "The endpoint answered 410 Gone", updatedAt: new Date() },
      });
    } else if (status === "failed") {
      await tx.$executeRaw`
        UPDATE "Webhook" SET "consecutiveFailures" = "consecutiveFailures" + 1,
          enabled = enabled AND "consecutiveFailures" + 1 < ${FAILURES_BEFORE_DISABLING},
          "disabledReason" = CASE WHEN enabled AND "consecutiveFailures" + 1 >= ${FAILURES_BEFORE_DISABLING}
            THEN ${`${FAILURES_BEFORE_DISABLING} deliveries in a row failed`} ELSE "disabledReason" END,
          "updatedAt" = CASE WHEN enabled AND "consecutiveFailures" + 1 >= ${FAILURES_BEFORE_DISABLING} THEN now() ELSE "updatedAt" END
        WHERE id = ${delivery.webhookId}`;
    }
  });
  if (!ok) logger.info({ deliveryId: delivery.id, webhookId: delivery.webhookId, status: response.status, attempts, outcome: status }, "webhook delivery attempt failed");
}

function describeAnswer(response: WebhookResponse): string {
  const start = response.bodyStart ? `: ${response.bodyStart}` : "";
  return `The endpoint answered ${response.status}${start}`;
}
