import "server-only";
import { pool } from "@/lib/db/pool";

/** How long a key's first answer is replayed (lib/http/with-idempotency.ts ignores older rows). */
export const KEY_LIFETIME_SQL = "interval '24 hours'";
const BATCH = 500;
/** At most this many batches a run: a backlog goes down over several runs, never in one long job. */
const MAX_BATCHES = 20;

/**
 * Deletes Idempotency-Keys past their lifetime, in batches that skip rows a request holds: the job
 * queue's `idempotency-sweep` every 10 minutes (lib/jobs), in the job worker, which loads no
 * Prisma. Returns how many went.
 */
export async function sweepExpiredIdempotencyKeys(): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const { rowCount } = await pool.query(
      `DELETE FROM "IdempotencyKey" WHERE ("userId", key) IN (
         SELECT "userId", key FROM "IdempotencyKey" WHERE "createdAt" < now() - ${KEY_LIFETIME_SQL}
         LIMIT $1 FOR UPDATE SKIP LOCKED)`,
      [BATCH],
    );
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH) break;
  }
  return deleted;
}
