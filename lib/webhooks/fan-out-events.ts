import "server-only";
import type { AddJobFunction } from "graphile-worker";
import sql, { raw } from "sql-template-tag";
import { pool } from "@/lib/db/pool";
import { MAX_WEBHOOKS_PER_USER } from "@/lib/validation/per-user-limits";
import { eventAccessJoinsSql, eventReadableBySql } from "@/lib/events/event-access-sql";
import { deliveryEventEnvelopeSql } from "./delivery-event-sql";
import { attemptDelivery, eventBodies, newSendCache, recordAttempt, type DeliveryToSend } from "./attempt-delivery";
import { FANOUT_TASK, JOB_MAX_ATTEMPTS } from "./job-names";
import { deliveryJobSql } from "./delivery-job-sql";
import { recordSuccesses } from "./record-successes";
import type { WebhookResponse } from "./send-webhook-request";
import { addToOutbox, claimOutbox, releaseOutbox } from "./webhook-outbox";

/** First attempts one batch sends at once, and at most in all (15 rounds of 10 s at worst); more go to their jobs. */
const PARALLEL_SENDS = 32;
const MAX_INLINE = 480;
/**
 * Events one batch takes from the outbox: as many as one user's every webhook can take with all
 * first attempts sent here (a delivery job of its own costs the database several times more); a
 * fan-out takes batches until the outbox is empty, at most MAX_BATCHES.
 */
const BATCH_EVENTS = MAX_INLINE / MAX_WEBHOOKS_PER_USER;
const MAX_BATCHES = 10;

type Target = DeliveryToSend & { inline: boolean };

/**
 * The fan-out job: sends the webhooks' outbox (what writes left there while a webhook was enabled,
 * lib/events/record-feed-events.ts) in batches, then leaves the rest, if any, to a job of its own.
 * Writes do not queue a job each: they wake the fan-out through NOTIFY, and the wake-ups of a
 * fraction of a second become one job (lib/webhooks/fan-out-trigger.ts), so a batch holds the
 * events of all the writes of that moment. Why: docs/ARCHITECTURE.md, "Webhooks and the event feed".
 */
export async function fanOutEvents(payload: unknown, addJob: AddJobFunction, workerId: string | null = null): Promise<void> {
  await addToOutbox(readSeqs(payload));
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const seqs = await claimOutbox(BATCH_EVENTS, workerId);
    if (seqs.length > 0) {
      await sendFirstAttempts(seqs);
      await releaseOutbox(seqs);
    }
    if (seqs.length < BATCH_EVENTS) return;
  }
  await addJob(FANOUT_TASK, {}, { jobKey: FANOUT_TASK, jobKeyMode: "preserve_run_at", maxAttempts: JOB_MAX_ATTEMPTS });
}

/**
 * One batch: one statement inserts a delivery per event and enabled webhook that wants it and
 * whose owner can read the snap now; then the first attempts are sent here, in parallel, and
 * recorded (the successes in one statement). Endpoints that failed last time are not waited for:
 * each gets its delivery job at once. A failed first attempt queues its delivery's own job for the
 * retry (recordAttempt). Run again on the same events (a claim taken over from a fan-out that
 * died), the insert adds nothing and what is sent is what is still pending with no attempt made and
 * no job of its own: the first attempts the dead fan-out did not record.
 */
async function sendFirstAttempts(seqs: readonly string[]): Promise<void> {
  const { rows: targets } = await pool.query<Target>(sql`
    WITH targets AS (
      SELECT w.id AS "webhookId", (w."consecutiveFailures" = 0 AND row_number() OVER () <= ${MAX_INLINE}) AS inline, e.id AS "eventId", e.type, e.seq
      FROM "FeedEvent" AS e
      ${eventAccessJoinsSql}
      JOIN "Webhook" AS w ON w.enabled AND (w."snapId" IS NULL OR w."snapId" = e."snapId") AND ('*' = ANY(w.events) OR e.type = ANY(w.events))
      JOIN "Membership" AS m ON m."userId" = w."userId"
      WHERE e.seq = ANY(${seqs}::bigint[]) AND ${eventReadableBySql(raw(`w."userId"`), raw(`m."workspaceId"`))}
    ), inserted AS (
      INSERT INTO "WebhookDelivery" (id, "webhookId", "eventId", "eventType", "eventSeq", "nextAttemptAt")
      SELECT 'd' || replace(gen_random_uuid()::text, '-', ''), "webhookId", "eventId", type, seq, now() FROM targets AS t
      -- A webhook deleted since this statement began is skipped here (the lock skips a row deleted
      -- meanwhile), not left to the foreign key, which would fail the whole batch.
      WHERE EXISTS (SELECT 1 FROM "Webhook" AS live WHERE live.id = t."webhookId" FOR KEY SHARE)
      ON CONFLICT ("webhookId", "eventId") DO NOTHING
      RETURNING id, "webhookId", "eventSeq"
    ), unsent AS (
      SELECT id, "webhookId", "eventSeq" FROM inserted
      UNION ALL
      -- A run again: the deliveries an earlier run inserted but did not send (found by their unique key).
      SELECT d.id, d."webhookId", d."eventSeq" FROM targets AS t
      JOIN "WebhookDelivery" AS d ON d."webhookId" = t."webhookId" AND d."eventId" = t."eventId"
      WHERE d.status = 'pending' AND d.attempts = 0
        AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs AS j WHERE j.key = 'webhook-delivery:' || d.id)
    )
    SELECT u.id, u."webhookId", 'pending' AS status, 0 AS attempts, e.type AS "eventType", NULL::jsonb AS "testEvent", w.url,
      w."secretCiphertext", true AS enabled, true AS readable, COALESCE(t.inline, true) AS inline,
      ${deliveryEventEnvelopeSql} AS event,
      CASE WHEN row_number() OVER (PARTITION BY u."eventSeq") = 1 THEN e.data::text END AS "eventData",
      CASE WHEN t.inline IS FALSE THEN (${deliveryJobSql(raw("u.id"), raw("now()"))}).id::text END AS "jobId"
    FROM unsent AS u
    LEFT JOIN targets AS t ON t."webhookId" = u."webhookId" AND t.seq = u."eventSeq"
    JOIN "Webhook" AS w ON w.id = u."webhookId"
    JOIN "FeedEvent" AS e ON e.seq = u."eventSeq"`);

  const inline = targets.filter((target) => target.inline);
  const successes: { deliveryId: string; response: WebhookResponse }[] = [];
  const failures: Promise<void>[] = [];
  const cache = newSendCache(eventBodies(targets));
  await inParallel(inline, PARALLEL_SENDS, async (target) => {
    const attempt = await attemptDelivery(target, cache);
    const { status } = attempt.response;
    if (!attempt.final && status !== null && status >= 200 && status < 300) successes.push({ deliveryId: target.id, response: attempt.response });
    else {
      const recording = recordAttempt(target, attempt);
      // Awaited below, once every send is done: until then a failed recording must not count as an
      // unhandled rejection (which ends a plain Node process, the job worker's).
      recording.catch(() => {});
      failures.push(recording);
    }
  });
  await Promise.all(failures);
  await recordSuccesses(successes);
}

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Seqs in a job's payload: jobs queued by the version before the outbox carry their events (`{ seqs }`). */
function readSeqs(payload: unknown): string[] {
  const seqs = (payload as { seqs?: unknown } | null)?.seqs;
  return Array.isArray(seqs) ? seqs.filter((seq): seq is string => typeof seq === "string" && /^\d{1,19}$/.test(seq)) : [];
}
