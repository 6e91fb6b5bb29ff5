import "server-only";
import { db } from "@/lib/db/client";
import type { WebhookResponse } from "./send-webhook-request";

/**
 * First attempts that succeeded, recorded together in one statement (the common case of a
 * fan-out): each delivery succeeded, and its webhook's failure count back to 0; and the fan-out's
 * standby job removed (`standbyKey`) in the same round trip.
 */
export async function recordSuccesses(successes: readonly { deliveryId: string; response: WebhookResponse }[], standbyKey: string | null): Promise<void> {
  if (successes.length === 0 && standbyKey === null) return;
  const input = successes.map(({ deliveryId, response }) => ({
    id: deliveryId,
    status: response.status,
    body: response.bodyStart,
    durationMs: response.durationMs,
  }));
  await db.$queryRaw`
    WITH o AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS o(id text, status int, body text, "durationMs" int)
    ), done AS (
      UPDATE "WebhookDelivery" AS d SET status = 'succeeded', attempts = d.attempts + 1, "lastResponseStatus" = o.status,
        "lastResponseBody" = o.body, "lastError" = NULL, "durationMs" = o."durationMs", "nextAttemptAt" = NULL, "updatedAt" = now()
      FROM o WHERE d.id = o.id AND d.status = 'pending'
      RETURNING d.id, d."webhookId"
    ), reset AS (
      UPDATE "Webhook" AS w SET "consecutiveFailures" = 0
      WHERE w.id IN (SELECT "webhookId" FROM done) AND w."consecutiveFailures" > 0
    )
    SELECT CASE WHEN ${standbyKey}::text IS NOT NULL THEN (graphile_worker.remove_job(${standbyKey}::text)).id::text END AS "standbyJobId"`;
}
