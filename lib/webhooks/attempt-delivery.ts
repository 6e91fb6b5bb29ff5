import "server-only";
import { Webhook as StandardWebhook } from "standardwebhooks";
import sql from "sql-template-tag";
import { runPgTransaction } from "@/lib/db/run-pg-transaction";
import { toEventBodyText, type FeedEventRow } from "@/lib/events/to-event-body";
import { logger } from "@/lib/log/logger";
import { webhookUrlProblem } from "./check-webhook-url";
import { deliveryJobSql } from "./delivery-job-sql";
import { sendWebhookRequest, type WebhookResponse } from "./send-webhook-request";
import { FAILURES_BEFORE_DISABLING, retryDelaysSeconds } from "./webhook-config";
import { decryptWebhookSecret } from "./webhook-secret";

export interface DeliveryToSend {
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
  /** The event's envelope (lib/webhooks/delivery-event-sql.ts); null once pruned. */
  event: (Omit<FeedEventRow, "occurredAt" | "data"> & { occurredAt: string }) | null;
  /** Its data as stored; a fan-out reads it once per event, so null on the other rows of that event. */
  eventData: string | null;
}

export interface Attempt {
  response: WebhookResponse;
  /** Not sent at all (disabled, access lost, ...): recorded as failed, without another try. */
  final: boolean;
  /** Tried, and no later try can do better (the address guard refused the URL): failed at once. */
  retry?: false;
}

/**
 * What the attempts of one fan-out share: each event's body by event id (the same bytes for every
 * endpoint), and each endpoint's signer by its stored secret (decrypted once, not per event).
 */
export interface SendCache {
  bodies: Map<string, string>;
  signers: Map<string, StandardWebhook | null>;
}

export const newSendCache = (bodies = new Map<string, string>()): SendCache => ({ bodies, signers: new Map() });

/**
 * One attempt at a delivery: sent only if the webhook is enabled (a test event also when it is
 * not), its owner can read the snap, and its URL is allowed; signed with standardwebhooks.
 */
export async function attemptDelivery(delivery: DeliveryToSend, { bodies, signers } = newSendCache()): Promise<Attempt> {
  const refused = (error: string): Attempt => ({ response: { status: null, bodyStart: null, error, durationMs: 0 }, final: true });
  const isTest = delivery.eventType === "webhook.test";
  const eventId = isTest ? (delivery.testEvent as { id: string }).id : delivery.event?.id;
  if (!eventId) return refused("The event is older than the feed's retention");
  if (!delivery.enabled && !isTest) return refused("Not sent: the endpoint is disabled");
  if (!delivery.readable) {
    return refused("Not sent: the webhook's owner can no longer read this snap");
  }

  if (!signers.has(delivery.secretCiphertext)) signers.set(delivery.secretCiphertext, signerOf(delivery.secretCiphertext));
  const signer = signers.get(delivery.secretCiphertext);
  if (!signer) return refused("Not sent: the signing secret cannot be read (AUTH_SECRET changed?); rotate the secret");
  // One event's body is the same bytes for every endpoint (and every retry): built once per fan-out.
  const text = bodies.get(eventId) ?? bodyText(delivery);
  bodies.set(eventId, text);
  const timestamp = new Date();
  const headers = {
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": signer.sign(eventId, timestamp, text),
  };
  // IP literals never reach the connect-time lookup check, so the URL is checked here too. A URL the
  // address guard refuses is final at once: retrying would only be refused again.
  const urlProblem = await webhookUrlProblem(delivery.url);
  if (urlProblem) return { response: { status: null, bodyStart: null, error: urlProblem, durationMs: 0 }, final: false, retry: false };
  const response = await sendWebhookRequest(delivery.url, headers, text);
  return response.addressRefused ? { response, final: false, retry: false } : { response, final: false };
}

function signerOf(secretCiphertext: string): StandardWebhook | null {
  try {
    return new StandardWebhook(decryptWebhookSecret(secretCiphertext));
  } catch {
    return null;
  }
}

/** The bodies of the events whose data these deliveries carry, by event id (a fan-out reads each event's data once). */
export function eventBodies(deliveries: readonly DeliveryToSend[]): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const delivery of deliveries) if (delivery.event && delivery.eventData !== null) bodies.set(delivery.event.id, bodyText(delivery));
  return bodies;
}

function bodyText({ testEvent, event, eventData }: DeliveryToSend): string {
  if (!event) return JSON.stringify(testEvent);
  if (eventData === null) throw new Error(`webhook delivery: event ${event.id} read without its data`);
  return toEventBodyText({ ...event, occurredAt: new Date(event.occurredAt) }, eventData);
}

/** Records one attempt (or a refusal to send, `final`), and what follows from it, in one transaction. */
export async function recordAttempt(delivery: DeliveryToSend, { response, final, retry }: Attempt): Promise<void> {
  const ok = response.status !== null && response.status >= 200 && response.status < 300;
  const gone = response.status === 410;
  const delays = retryDelaysSeconds();
  const attempts = final ? delivery.attempts : delivery.attempts + 1;
  const retryIn = !ok && !gone && !final && retry !== false ? delays[attempts - 1] : undefined;
  const status = ok ? "succeeded" : retryIn === undefined ? "failed" : "pending";
  const lastError = ok ? null : (response.error ?? describeAnswer(response));
  await runPgTransaction(async (tx) => {
    const nextAttemptAt = retryIn === undefined ? null : new Date(Date.now() + retryIn * 1000);
    const { rowCount } = await tx.query(sql`
      UPDATE "WebhookDelivery" SET status = ${status}::"WebhookDeliveryStatus", attempts = ${attempts}::int,
        "lastResponseStatus" = ${response.status}::int, "lastResponseBody" = ${response.bodyStart}, "lastError" = ${lastError},
        "durationMs" = ${final ? null : response.durationMs}::int, "nextAttemptAt" = ${nextAttemptAt}::timestamptz, "updatedAt" = now()
      WHERE id = ${delivery.id} AND status = 'pending'`);
    if (rowCount === 0) return; // deleted meanwhile, with its webhook
    if (nextAttemptAt) await tx.query(sql`SELECT (${deliveryJobSql(sql`${delivery.id}`, sql`${nextAttemptAt}`)}).id::text`);
    if (final) return;
    if (ok) {
      await tx.query(sql`UPDATE "Webhook" SET "consecutiveFailures" = 0 WHERE id = ${delivery.webhookId} AND "consecutiveFailures" > 0`);
    } else if (gone) {
      await tx.query(sql`
        UPDATE "Webhook" SET enabled = false, "disabledReason" = 'The endpoint answered 410 Gone', "updatedAt" = now()
        WHERE id = ${delivery.webhookId} AND enabled`);
    } else if (status === "failed") {
      await tx.query(sql`
        UPDATE "Webhook" SET "consecutiveFailures" = "consecutiveFailures" + 1,
          enabled = enabled AND "consecutiveFailures" + 1 < ${FAILURES_BEFORE_DISABLING}::int,
          "disabledReason" = CASE WHEN enabled AND "consecutiveFailures" + 1 >= ${FAILURES_BEFORE_DISABLING}::int
            THEN ${`${FAILURES_BEFORE_DISABLING} deliveries in a row failed`}::text ELSE "disabledReason" END,
          "updatedAt" = CASE WHEN enabled AND "consecutiveFailures" + 1 >= ${FAILURES_BEFORE_DISABLING}::int THEN now() ELSE "updatedAt" END
        WHERE id = ${delivery.webhookId}`);
    }
  });
  if (!ok)
    logger.info(
      { deliveryId: delivery.id, webhookId: delivery.webhookId, status: response.status, attempts, outcome: status },
      "webhook delivery attempt failed",
    );
}

function describeAnswer(response: WebhookResponse): string {
  const start = response.bodyStart ? `: ${response.bodyStart}` : "";
  return `The endpoint answered ${response.status}${start}`;
}
