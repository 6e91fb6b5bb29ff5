import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { eventAccessJoinsSql, eventReadableBySql } from "@/lib/events/event-access-sql";
import { deliveryJobSql } from "./job-names";

/**
 * The job a write queues with its events: one delivery (and its job) per event and enabled webhook
 * that wants it and whose owner can read the snap now, all in one statement. Run again (the queue
 * is at least once), it adds nothing: a delivery is unique per webhook and event.
 */
export async function fanOutEvents(payload: unknown): Promise<void> {
  const seqs = readSeqs(payload);
  if (seqs.length === 0) return;
  await db.$queryRaw`
    WITH targets AS (
      SELECT w.id AS "webhookId", e.id AS "eventId", e.type, e.seq
      FROM "FeedEvent" AS e
      ${eventAccessJoinsSql}
      JOIN "Webhook" AS w ON w.enabled AND (w."snapId" IS NULL OR w."snapId" = e."snapId") AND ('*' = ANY(w.events) OR e.type = ANY(w.events))
      JOIN "Membership" AS m ON m."userId" = w."userId"
      WHERE e.seq = ANY(${seqs}::bigint[]) AND ${eventReadableBySql(Prisma.sql`w."userId"`, Prisma.sql`m."workspaceId"`)}
    ), inserted AS (
      INSERT INTO "WebhookDelivery" (id, "webhookId", "eventId", "eventType", "eventSeq", "nextAttemptAt")
      SELECT 'd' || replace(gen_random_uuid()::text, '-', ''), "webhookId", "eventId", type, seq, now() FROM targets
      ON CONFLICT ("webhookId", "eventId") DO NOTHING
      RETURNING id
    )
    SELECT (${deliveryJobSql(Prisma.sql`inserted.id`, Prisma.sql`now()`)}).id::text AS "jobId" FROM inserted`;
}

function readSeqs(payload: unknown): string[] {
  const seqs = (payload as { seqs?: unknown } | null)?.seqs;
  return Array.isArray(seqs) ? seqs.filter((seq): seq is string => typeof seq === "string" && /^\d{1,19}$/.test(seq)) : [];
}
