import sql, { type Sql } from "sql-template-tag";

/** The job queue's task names (graphile-worker, in its own `graphile_worker` schema). */
export const FANOUT_TASK = "webhook-fanout";
export const DELIVER_TASK = "webhook-deliver";
export const PRUNE_TASK = "events-prune";
export const RELEASE_STALE_TASK = "webhook-jobs-release-stale";

/** Jobs the queue retries itself only when a task crashes (the database away); sends retry on their own schedule. */
export const JOB_MAX_ATTEMPTS = 10;

/**
 * SQL that queues (or moves) the delivery job of one delivery, inside the caller's transaction.
 * One job key per delivery: queuing again replaces a scheduled retry instead of adding a second job.
 */
export function deliveryJobSql(deliveryId: Sql, runAt: Sql): Sql {
  return sql`graphile_worker.add_job(${DELIVER_TASK}::text, json_build_object('deliveryId', (${deliveryId})::text), run_at := (${runAt})::timestamptz,
    job_key := 'webhook-delivery:' || (${deliveryId})::text, max_attempts := ${JOB_MAX_ATTEMPTS}::int)`;
}
