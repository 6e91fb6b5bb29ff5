import "server-only";
import sql from "sql-template-tag";
import { pool } from "@/lib/db/pool";
import { STALE_JOB_SECONDS } from "./release-stale-jobs";

/**
 * Claims up to `limit` events of the webhooks' outbox for one fan-out, oldest first: those no
 * fan-out holds, and those whose claim is older than a live fan-out ever takes (its instance died
 * before it deleted them; lib/webhooks/release-stale-jobs.ts frees at once those of a worker found
 * dead, by `claimedBy`). SKIP LOCKED: fan-outs running at once on several instances take
 * different events. Returns their seqs.
 */
export async function claimOutbox(limit: number, workerId: string | null = null): Promise<string[]> {
  const { rows } = await pool.query<{ seq: string }>(sql`
    UPDATE "WebhookOutbox" AS o SET "claimedAt" = now(), "claimedBy" = ${workerId}
    FROM (
      SELECT seq FROM "WebhookOutbox"
      WHERE "claimedAt" IS NULL OR "claimedAt" < now() - make_interval(secs => ${STALE_JOB_SECONDS})
      ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ) AS free
    WHERE o.seq = free.seq
    RETURNING o.seq::text AS seq`);
  return rows.map((row) => row.seq);
}

/** Events a fan-out has sent (their first attempts recorded, or their own jobs queued) leave the outbox. */
export async function releaseOutbox(seqs: readonly string[]): Promise<void> {
  await pool.query(sql`DELETE FROM "WebhookOutbox" WHERE seq = ANY(${seqs}::bigint[])`);
}

/** Seqs queued by the jobs of an older version (in their payload), put in the outbox. */
export async function addToOutbox(seqs: readonly string[]): Promise<void> {
  if (seqs.length > 0) await pool.query(sql`INSERT INTO "WebhookOutbox" (seq) SELECT unnest(${seqs}::bigint[]) ON CONFLICT DO NOTHING`);
}
