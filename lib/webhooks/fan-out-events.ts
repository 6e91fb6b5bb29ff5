import "server-only";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { eventAccessJoinsSql, eventReadableBySql } from "@/lib/events/event-access-sql";
import { deliveryEventEnvelopeSql } from "./delivery-event-sql";
import { attemptDelivery, eventBodies, recordAttempt, type DeliveryToSend } from "./attempt-delivery";
import { deliveryJobSql, FANOUT_TASK, JOB_MAX_ATTEMPTS } from "./job-names";
import { recordSuccesses } from "./record-successes";
import type { WebhookResponse } from "./send-webhook-request";

/** How long after a fan-out its standby job runs, in case this process died before recording its sends. */
const STANDBY_SECONDS = 120;
/** First attempts one fan-out sends at once, and at most in all (3 rounds of 10 s at worst); more go to their jobs. */
const PARALLEL_SENDS = 16;
const MAX_INLINE = 48;

type Target = DeliveryToSend & { inline: boolean };

/**
 * The job a write queues with its events. One statement inserts a delivery per event and enabled
 * webhook that wants it and whose owner can read the snap now, and queues one standby job for the
 * whole fan-out (this task again, due in STANDBY_SECONDS); then this job sends the first attempts
 * itself, in parallel, and records them (successes in one statement, which also drops the standby
 * job). Endpoints that failed last time are not waited for here: each gets its delivery job at
 * once. A failed first attempt queues its delivery's own job for the retry (recordAttempt). A job
 * per delivery for every first attempt, or a standby job per delivery, cost several times the
 * write itself on this 2-core machine (docs/PERFORMANCE.md). Run again (the standby, or the queue
 * at least once), the insert adds nothing, and what it sends is what is still pending with no
 * attempt made: the first attempts a dead process did not record.
 */
export async function fanOutEvents(payload: unknown): Promise<void> {
  const seqs = readSeqs(payload);
  if (seqs.length === 0) return;
  const standbyKey = `webhook-fanout:${seqs[0]}`;
  const standby = (payload as { standby?: unknown }).standby === true;
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
      SELECT d.id, d."webhookId", d."eventSeq" FROM "WebhookDelivery" AS d
      WHERE ${standby} AND d."eventSeq" = ANY(${seqs}::bigint[]) AND d.status = 'pending' AND d.attempts = 0
        AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs AS j WHERE j.key = 'webhook-delivery:' || d.id)
    ), standby AS (
      SELECT graphile_worker.add_job(${FANOUT_TASK}::text, json_build_object('seqs', ${seqs}::text[], 'standby', true),
        run_at := now() + ${STANDBY_SECONDS} * interval '1 second', job_key := ${standbyKey}, max_attempts := ${JOB_MAX_ATTEMPTS}::int)
      WHERE NOT ${standby} AND EXISTS (SELECT 1 FROM inserted)
    )
    SELECT u.id, u."webhookId", 'pending' AS status, 0 AS attempts, e.type AS "eventType", NULL::jsonb AS "testEvent", w.url,
      w."secretCiphertext", true AS enabled, true AS readable, COALESCE(t.inline, true) AS inline,
      ${deliveryEventEnvelopeSql} AS event,
      CASE WHEN row_number() OVER (PARTITION BY u."eventSeq") = 1 THEN e.data::text END AS "eventData",
      CASE WHEN t.inline IS FALSE THEN (${deliveryJobSql(Prisma.sql`u.id`, Prisma.sql`now()`)}).id::text END AS "jobId",
      (SELECT count(*) FROM standby) AS "standbyJobs"
    FROM unsent AS u
    LEFT JOIN targets AS t ON t."webhookId" = u."webhookId" AND t.seq = u."eventSeq"
    JOIN "Webhook" AS w ON w.id = u."webhookId"
    JOIN "FeedEvent" AS e ON e.seq = u."eventSeq"`;

  const inline = targets.filter((target) => target.inline);
  const successes: { deliveryId: string; response: WebhookResponse }[] = [];
  const failures: Promise<void>[] = [];
  const bodies = eventBodies(targets);
  await inParallel(inline, PARALLEL_SENDS, async (target) => {
    const attempt = await attemptDelivery(target, bodies);
    const { status } = attempt.response;
    if (!attempt.final && status !== null && status >= 200 && status < 300) successes.push({ deliveryId: target.id, response: attempt.response });
    else failures.push(recordAttempt(target, attempt));
  });
  await Promise.all(failures);
  // The successes last, and with them (one statement) the standby job: once every send is recorded, it has nothing left to do.
  await recordSuccesses(successes, !standby && targets.length > 0 ? standbyKey : null);
}

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function readSeqs(payload: unknown): string[] {
  const seqs = (payload as { seqs?: unknown } | null)?.seqs;
  return Array.isArray(seqs) ? seqs.filter((seq): seq is string => typeof seq === "string" && /^\d{1,19}$/.test(seq)) : [];
}
