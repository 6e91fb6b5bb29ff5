import "server-only";
import sql, { raw } from "sql-template-tag";
import { pool } from "@/lib/db/pool";
import { eventAccessJoinsSql, eventReadableBySql } from "@/lib/events/event-access-sql";
import { deliveryEventEnvelopeSql } from "./delivery-event-sql";
import { attemptDelivery, recordAttempt, type DeliveryToSend } from "./attempt-delivery";

/**
 * The job of one delivery: a retry, a manual retry or a test event, or the first attempt when the
 * fan-out did not make it (lib/webhooks/fan-out-events.ts). A deleted webhook took its deliveries
 * with it: nothing is sent. Otherwise one attempt (attemptDelivery), then its record (recordAttempt).
 */
export async function deliverWebhook(payload: unknown): Promise<void> {
  const deliveryId = (payload as { deliveryId?: unknown } | null)?.deliveryId;
  if (typeof deliveryId !== "string") return;
  const {
    rows: [delivery],
  } = await pool.query<DeliveryToSend>(sql`
    SELECT d.id, d."webhookId", d.status::text AS status, d.attempts, d."eventType", d."testEvent", w.url, w."secretCiphertext", w.enabled,
      CASE WHEN e.seq IS NULL THEN true ELSE ${eventReadableBySql(raw(`w."userId"`), raw(`m."workspaceId"`))} END AS readable,
      CASE WHEN e.seq IS NULL THEN NULL ELSE ${deliveryEventEnvelopeSql} END AS event, e.data::text AS "eventData"
    FROM "WebhookDelivery" AS d
    JOIN "Webhook" AS w ON w.id = d."webhookId"
    LEFT JOIN "Membership" AS m ON m."userId" = w."userId"
    LEFT JOIN "FeedEvent" AS e ON e.seq = d."eventSeq"
    ${eventAccessJoinsSql}
    WHERE d.id = ${deliveryId}`);
  if (!delivery || delivery.status !== "pending") return;

  await recordAttempt(delivery, await attemptDelivery(delivery));
}
