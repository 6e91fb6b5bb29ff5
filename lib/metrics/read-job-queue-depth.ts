import "server-only";
import { pool } from "@/lib/db/client";

export type JobState = "waiting" | "scheduled" | "running" | "failed";

export interface JobQueueCount {
  task: string;
  state: JobState;
  count: number;
}

/**
 * The background job queue (graphile-worker: webhook fan-out, one job per pending webhook delivery,
 * event pruning) by task and state: `waiting` is due and not taken, `scheduled` is a retry or other
 * job not due yet, `running` is taken by a worker, `failed` ran out of attempts (the queue keeps it,
 * never runs it again). The queue stays small: finished jobs are deleted.
 */
export async function readJobQueueDepth(): Promise<JobQueueCount[]> {
  const { rows } = await pool.query<{ task: string; state: JobState; count: number }>(`
    SELECT task_identifier AS task,
           CASE WHEN locked_at IS NOT NULL THEN 'running'
                WHEN attempts >= max_attempts THEN 'failed'
                WHEN run_at > now() THEN 'scheduled'
                ELSE 'waiting' END AS state,
           count(*)::int AS count
      FROM graphile_worker.jobs
     GROUP BY 1, 2`);
  return rows;
}
