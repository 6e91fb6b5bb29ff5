/** The job queue's task names (graphile-worker, in its own `graphile_worker` schema). */
export const FANOUT_TASK = "webhook-fanout";
export const DELIVER_TASK = "webhook-deliver";
export const PRUNE_TASK = "events-prune";
export const RELEASE_STALE_TASK = "webhook-jobs-release-stale";
export const AUDIT_PRUNE_TASK = "audit-prune";
export const IDEMPOTENCY_SWEEP_TASK = "idempotency-sweep";

/** Jobs the queue retries itself only when a task crashes (the database away); sends retry on their own schedule. */
export const JOB_MAX_ATTEMPTS = 10;
