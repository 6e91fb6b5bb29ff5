import "server-only";
import sql from "sql-template-tag";
import { pool } from "@/lib/db/pool";
import type { WebhookResponse } from "./send-webhook-request";

/**
 * First attempts that succeeded, recorded together in one statement (the common case of a
 * fan-out): each delivery succeeded, and its webhook's failure count back to 0.
 */
export async function recordSuccesses(successes: readonly { deliveryId: string; response: WebhookResponse }[]): Promise<void> {
  if (successes.length === 0) return;
  const input = successes.map(({ deliveryId, response }) => ({
    id: deliveryId,
    status: response.status,
    body: response.bodyStart,
    durationMs: response.durationMs,
  }));
  await pool.query(sql`
    WITH o AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS o(id text, status int, body text, "durationMs" int)
    ), done AS (
      UPDATE "WebhookDelivery" AS d SET status = 'succeeded', attempts = d.attempts + 1, "lastResponseStatus" = o.status,
        "lastResponseBody" = o.body, "lastError" = NULL, "durationMs" = o."durationMs", "nextAttemptAt" = NULL, "updatedAt" = now()
      FROM o WHERE d.id = o.id AND d.status = 'pending'
      RETURNING d.id, d."webhookId"
    )
    UPDATE "Webhook" AS w SET "consecutiveFailures" = 0
    WHERE w.id IN (SELECT "webhookId" FROM done) AND w."consecutiveFailures" > 0`);
}
