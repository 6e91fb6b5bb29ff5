/**
 * Import jobs (docs/API.md, "Import jobs"): an upload import of more than IMPORT_ASYNC_BYTES, or one
 * sent with `Prefer: respond-async`, answers 202 and runs on the job queue.
 */
export const IMPORT_ASYNC_BYTES = 5_000_000;

/** The queue's task that runs one import job, and the sweep of old jobs; run by the app's import runner (start-import-runner.ts). */
export const IMPORT_JOB_TASK = "snap-import";
export const IMPORT_JOB_SWEEP_TASK = "import-job-sweep";

/** A job's row (and so its Idempotency-Key) and any upload it still holds are deleted after this. */
export const IMPORT_JOB_RETENTION_HOURS = 24;

/** Progress is written to the job's row at most this often (a write per file would cost as much as the file). */
export const PROGRESS_INTERVAL_MS = 500;

/** The upload imports that may run as a job: the routes that stream their body to a file. */
export type ImportJobFormat = "zip" | "xlsx" | "csv";
