import "server-only";
import type { QueryResult, QueryResultRow } from "pg";
import { FANOUT_TASK } from "./job-names";

type Query = <R extends QueryResultRow>(text: string, values?: unknown[]) => Promise<QueryResult<R>>;

/**
 * Part of the every-minute job: makes fan-out jobs that the queue would never run again runnable
 * (attempts back to 0), because a fan-out dropped is events never sent. graphile-worker marks a
 * job's attempts used up when it has failed its last try, and also when a write takes over its
 * job key while it runs (the write then starts a new job): should that running fan-out then fail,
 * or its instance die and the job be released (releaseStaleJobs), its events would be left
 * behind. Run again, a fan-out sends only what is still unsent (lib/webhooks/fan-out-events.ts).
 * Returns the number of jobs revived.
 */
export async function reviveFanOutJobs(query: Query): Promise<number> {
  const { rows } = await query<{ revived: number }>(
    `SELECT count(*)::int AS revived FROM graphile_worker.reschedule_jobs(ARRAY(
       SELECT id FROM graphile_worker.jobs WHERE task_identifier = $1 AND locked_at IS NULL AND attempts >= max_attempts
     ), attempts := 0)`,
    [FANOUT_TASK],
  );
  return rows[0]!.revived;
}
