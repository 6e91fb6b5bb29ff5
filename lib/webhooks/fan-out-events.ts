import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { eventAccessJoinsSql, eventReadableBySql } from "@/lib/events/event-access-sql";
import { attemptDelivery, recordAttempt, type DeliveryToSend } from "./attempt-delivery";
import { deliveryJobSql } from "./job-names";
import { recordSuccesses } from "./record-successes";
import type { WebhookResponse } from "./send-webhook-request";

/** How long a delivery's standby job waits for the fan-out's own first attempt to be recorded. */
const STANDBY_SECONDS = 120;
/** First attempts one fan-out sends at once, and at most in all (3 rounds of 10 s at worst); more go to their jobs. */
const PARALLEL_SENDS = 16;
const MAX_INLINE = 48;

type Target = DeliveryToSend & { inline: boolean };

/**
 * The job a write queues with its events. One statement inserts a delivery per event and enabled
 * webhook that wants it and whose owner can read the snap now, each with a standby job of its own;
 * then this job sends the first attempts itself, in parallel, and records them (successes in one
 * statement, which also drops their standby jobs). A job per delivery for every first attempt
 * cost several times the write itself (docs/PERFORMANCE.md). The standby job is the delivery's
 * job key: it carries retries, and sends the first attempt if this process died before recording
 * it. Endpoints that failed last time are not waited for here: their job runs at once instead.
 * Run again (the queue is at least once), the insert adds nothing: a delivery is unique per
 * webhook and event.
 */
export async function fanOutEvents(payload: unknown): Promise<void> {
  const seqs = readSeqs(payload);
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
    )
    SELECT i.id, i."webhookId", 'pending' AS status, 0 AS attempts, e.type AS "eventType", NULL::jsonb AS "testEvent", w.url,
      w."secretCiphertext", true AS enabled, true AS readable, t.inline,
      json_build_object('seq', e.seq::text, 'txid', e.txid::text, 'id', e.id, 'type', e.type, 'snapId', e."snapId",
        'snapVersion', e."snapVersion", 'actorType', e."actorType", 'actorUserId', e."actorUserId", 'actorApiKeyId', e."actorApiKeyId",
        'data', e.data, 'truncated', e.truncated, 'occurredAt', e."occurredAt") AS event,
      (${deliveryJobSql(Prisma.sql`i.id`, Prisma.sql`now() + CASE WHEN t.inline THEN ${STANDBY_SECONDS} * interval '1 second' ELSE interval '0' END`)}).id::text AS "jobId"
    FROM inserted AS i
    JOIN targets AS t ON t."webhookId" = i."webhookId" AND t.seq = i."eventSeq"
    JOIN "Webhook" AS w ON w.id = i."webhookId"
    JOIN "FeedEvent" AS e ON e.seq = i."eventSeq"`;

  const inline = targets.filter((target) => target.inline);
  const successes: { deliveryId: string; response: WebhookResponse }[] = [];
  const failures: Promise<void>[] = [];
  const bodies = new Map<string, string>();
  await inParallel(inline, PARALLEL_SENDS, async (target) => {
    const attempt = await attemptDelivery(target, bodies);
    const { status } = attempt.response;
    if (!attempt.final && status !== null && status >= 200 && status < 300) successes.push({ deliveryId: target.id, response: attempt.response });
    else failures.push(recordAttempt(target, attempt));
  });
  await Promise.all([recordSuccesses(successes), ...failures]);
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
