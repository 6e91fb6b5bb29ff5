import "server-only";
import { db } from "@/lib/db/client";
import { KEY_LIFETIME } from "./with-idempotency";

const BATCH = 500;
/** At most this many batches a run: a backlog goes down over several runs, never in one long job. */
const MAX_BATCHES = 20;

/**
 * Deletes Idempotency-Keys past their lifetime, in batches that skip rows a request holds: the job
 * queue's `idempotency-sweep` every 10 minutes (lib/jobs). Returns how many went.
 */
export async function sweepExpiredIdempotencyKeys(): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const count = await db.$executeRaw`
      DELETE FROM "IdempotencyKey" WHERE ("userId", key) IN (
        SELECT "userId", key FROM "IdempotencyKey" WHERE "createdAt" < now() - ${KEY_LIFETIME}
        LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`;
    deleted += count;
    if (count < BATCH) break;
  }
  return deleted;
}
