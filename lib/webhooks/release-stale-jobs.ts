import "server-only";
import type { QueryResult, QueryResultRow } from "pg";
import { DELIVER_TASK, FANOUT_TASK } from "./job-names";

/**
 * The longest a webhook job runs on a live instance is about 150 s (a fan-out's fifteen rounds of 10 s
 * sends, or one 10 s send); one locked twice as long belongs to an instance that was killed.
 */
export const STALE_JOB_SECONDS = 300;

type Query = <R extends QueryResultRow>(text: string, values?: unknown[]) => Promise<QueryResult<R>>;

/**
 * The every-minute job: hands the webhook jobs of workers that died mid-job back to the queue, which
 * graphile-worker itself does only after 4 hours. It releases the whole worker
 * (`force_unlock_workers`): a worker holds one job at a time, so that is only the stale job. A worker
 * that was merely stuck for this long may then see its job sent twice; webhooks are at least once,
 * and receivers drop a duplicate by its `webhook-id` (docs/ARCHITECTURE.md, "Webhooks and the event feed").
 * Returns the number of jobs released.
 */
export async function releaseStaleJobs(query: Query): Promise<number> {
  const { rows } = await query<{ workers: string[]; jobs: number }>(
    `SELECT coalesce(array_agg(DISTINCT locked_by), '{}') AS workers, count(*)::int AS jobs
       FROM graphile_worker.jobs
      WHERE locked_at < now() - make_interval(secs => $2) AND task_identifier = ANY($1::text[])`,
    [[DELIVER_TASK, FANOUT_TASK], STALE_JOB_SECONDS],
  );
  const { workers, jobs } = rows[0]!;
  if (workers.length > 0) await query("SELECT graphile_worker.force_unlock_workers($1::text[])", [workers]);
  return jobs;
}
