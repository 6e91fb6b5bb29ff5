import "server-only";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { eventAccessJoinsSql, eventReadableBySql } from "@/lib/events/event-access-sql";
import { deliveryEventEnvelopeSql } from "./delivery-event-sql";
import { attemptDelivery, eventBodies, newSendCache, recordAttempt, type DeliveryToSend } from "./attempt-delivery";
import { deliveryJobSql, FANOUT_TASK, JOB_MAX_ATTEMPTS } from "./job-names";
import type { AddJobFunction } from "graphile-worker";
import { recordSuccesses } from "./record-successes";
import type { WebhookResponse } from "./send-webhook-request";

/** First attempts one fan-out sends at once, and at most in all (15 rounds of 10 s at worst); more go to their jobs. */
const PARALLEL_SENDS = 32;
const MAX_INLINE = 480;
/** Events one fan-out takes; the rest of a longer batch goes back to the queue as a job of its own. */
export const MAX_EVENTS_PER_FANOUT = 32;

type Target = DeliveryToSend & { inline: boolean };

/**
 * The job that sends a batch of events (their seqs: the writes' jobs merge while they wait, see
 * lib/events/record-feed-events.ts). One statement inserts a delivery per event and enabled webhook
 * that wants it and whose owner can read the snap now; then this job sends those first attempts
 * itself, in parallel, and records them (the successes in one statement). Endpoints that failed
 * last time are not waited for here: each gets its delivery job at once. A failed first attempt
 * queues its delivery's own job for the retry (recordAttempt). Run again (the queue retrying it, or
 * releasing it from an instance that died mid-send), the insert adds nothing and the job sends what
 * is still pending with no attempt made and no job of its own: the first attempts a dead process
 * did not record. Why batches, and not a job per event or per delivery: docs/ARCHITECTURE.md,
 * "Webhooks and the event feed".
 */
export async function fanOutEvents(payload: unknown, addJob: AddJobFunction): Promise<void> {
  const allSeqs = readSeqs(payload);
  if (allSeqs.length > MAX_EVENTS_PER_FANOUT) {
    await addJob(FANOUT_TASK, allSeqs.slice(MAX_EVENTS_PER_FANOUT), { maxAttempts: JOB_MAX_ATTEMPTS });
  }
  const seqs = allSeqs.slice(0, MAX_EVENTS_PER_FANOUT);
  if (seqs.length === 0) return;
  const targets = await db.$queryRaw<Target[]>`
    WITH targets AS (
      SELECT w.id AS "webhookId", (w."consecutiveFailures" = 0 AND row_number() OVER () <= ${MAX_INLINE}) AS inline, e.id AS "eventId", e.type, e.seq
      FROM "FeedEvent" AS e
      ${eventAccessJoinsSql}
      JOIN "Webhook" AS w ON w.enabled AND (w."snapId" IS NULL OR w."snapId" = e."snapId") AND ('*' = ANY(w.events) OR e.type = ANY(w.events))
      JOIN "Membership" AS m ON m."userId" = w."userId"
      WHERE e.seq = ANY(${seqs}::bigint[]) AND ${eventReadableBySql(Prisma.sql`w."userId"`, Prisma.sql`m."workspaceId"`)}
    ), inserted AS (
      INSERT INTO "WebhookDelivery" (id, "webhookId", "eventId", "eventType", "eventSeq", "nextAttemptAt")
      SELECT 'd' || replace(gen_random_uuid()::text, '-', ''), "webhookId", "eventId", type, seq, now() FROM targets
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
      CASE WHEN t.inline IS FALSE THEN (${deliveryJobSql(Prisma.sql`u.id`, Prisma.sql`now()`)}).id::text END AS "jobId"
    FROM unsent AS u
    LEFT JOIN targets AS t ON t."webhookId" = u."webhookId" AND t.seq = u."eventSeq"
    JOIN "Webhook" AS w ON w.id = u."webhookId"
    JOIN "FeedEvent" AS e ON e.seq = u."eventSeq"`;

  const inline = targets.filter((target) => target.inline);
  const successes: { deliveryId: string; response: WebhookResponse }[] = [];
  const failures: Promise<void>[] = [];
  const cache = newSendCache(eventBodies(targets));
  await inParallel(inline, PARALLEL_SENDS, async (target) => {
    const attempt = await attemptDelivery(target, cache);
    const { status } = attempt.response;
    if (!attempt.final && status !== null && status >= 200 && status < 300) successes.push({ deliveryId: target.id, response: attempt.response });
    else failures.push(recordAttempt(target, attempt));
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

/** The payload: the seqs as an array of strings (merged jobs concatenate); `{ seqs }` is the form of jobs queued before batches. */
function readSeqs(payload: unknown): string[] {
  const seqs = Array.isArray(payload) ? payload : (payload as { seqs?: unknown } | null)?.seqs;
  return Array.isArray(seqs) ? seqs.filter((seq): seq is string => typeof seq === "string" && /^\d{1,19}$/.test(seq)) : [];
}
