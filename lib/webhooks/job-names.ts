/** The webhooks' task names in the job queue (graphile-worker, in its own `graphile_worker` schema; lib/jobs runs them). */
export const FANOUT_TASK = "webhook-fanout";
export const DELIVER_TASK = "webhook-deliver";
export const PRUNE_TASK = "events-prune";
export const RELEASE_STALE_TASK = "webhook-jobs-release-stale";

/** Jobs the queue retries itself only when a task crashes (the database away); sends retry on their own schedule. */
export const JOB_MAX_ATTEMPTS = 10;
