import "server-only";
import type { QueryResult, QueryResultRow } from "pg";
import { DELIVER_TASK, FANOUT_TASK } from "./job-names";
import { WORKER_LIVENESS_LOCK_CLASS } from "./worker-liveness";

/**
 * The longest a webhook job runs on a live instance is about 150 s (a fan-out's fifteen rounds of 10 s
 * sends, or one 10 s send); one locked twice as long belongs to an instance that was killed.
 */
export const STALE_JOB_SECONDS = 300;

/**
 * A worker whose liveness lock is free (lib/webhooks/worker-liveness.ts) is gone: its jobs are
 * released once locked this long (the lock is taken just after a worker starts, not before).
 */
export const DEAD_WORKER_GRACE_SECONDS = 5;

type Query = <R extends QueryResultRow>(text: string, values?: unknown[]) => Promise<QueryResult<R>>;

/**
 * The every-minute job: hands the webhook jobs of workers that died mid-job back to the queue, which
 * graphile-worker itself does only after 4 hours: at once when the worker's liveness lock is free
 * (its process is gone: the lock is only tried, inside this statement, and let go at its end), and
 * after STALE_JOB_SECONDS whatever the lock says (a worker stuck that long). It releases the whole pool
 * (`force_unlock_workers`: jobs are locked under the pool's id), so also the other jobs it had taken
 * (running, or waiting in its local queue). A pool that was merely stuck for this long may then see
 * a job sent twice; webhooks are at least once,
 * and receivers drop a duplicate by its `webhook-id` (docs/ARCHITECTURE.md, "Webhooks and the event feed").
 * Returns the number of jobs released.
 */
export async function releaseStaleJobs(query: Query, deadOnlyTasks: readonly string[] = []): Promise<number> {
  // `deadOnlyTasks`: jobs released only when their worker is gone, never for their length (an import may run long).
  const { rows } = await query<{ workers: string[]; jobs: number }>(
    `SELECT coalesce(array_agg(DISTINCT locked_by), '{}') AS workers, count(*)::int AS jobs
       FROM graphile_worker.jobs
      WHERE locked_by IS NOT NULL
        AND ((task_identifier = ANY($1::text[]) AND locked_at < now() - make_interval(secs => $2))
          OR (task_identifier = ANY($1::text[] || $5::text[]) AND locked_at < now() - make_interval(secs => $3)
            AND pg_try_advisory_xact_lock($4, hashtext(locked_by))))`,
    [[DELIVER_TASK, FANOUT_TASK], STALE_JOB_SECONDS, DEAD_WORKER_GRACE_SECONDS, WORKER_LIVENESS_LOCK_CLASS, deadOnlyTasks],
  );
  const { workers, jobs } = rows[0]!;
  if (workers.length > 0) {
    await query("SELECT graphile_worker.force_unlock_workers($1::text[])", [workers]);
    // The outbox events their fan-outs had claimed go back too, else they would wait out STALE_JOB_SECONDS.
    await query(`UPDATE "WebhookOutbox" SET "claimedAt" = NULL, "claimedBy" = NULL WHERE "claimedBy" = ANY($1::text[])`, [workers]);
  }
  return jobs;
}
