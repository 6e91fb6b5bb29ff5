import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import type { Tx } from "@/lib/db/run-transaction";
import { PROGRESS_INTERVAL_MS } from "./import-job-constants";

interface JobScope {
  jobId: string;
  lastWrite: number;
  writing: Promise<unknown> | null;
}

/**
 * The import job an import runs for, if any (run-import-job.ts). The import code stays the same
 * for a request and a job: it reports progress and its new snap here, and outside a job both are
 * nothing. A scope, not a parameter, because the formats reach importSnap by different paths.
 */
const scope = new AsyncLocalStorage<JobScope>();

export function runInImportJob<T>(jobId: string, work: () => Promise<T>): Promise<T> {
  return scope.run({ jobId, lastWrite: 0, writing: null }, work);
}

/**
 * Files or cards done of total, into the job's row: at most every PROGRESS_INTERVAL_MS, one write
 * at a time (a report while one is in flight is dropped), and only while the job runs, so a late
 * report never overwrites the outcome.
 */
export function reportImportProgress(done: number, total: number, { force = false } = {}): void {
  const job = scope.getStore();
  if (!job || job.writing) return;
  const now = Date.now();
  if (!force && now - job.lastWrite < PROGRESS_INTERVAL_MS) return;
  job.lastWrite = now;
  job.writing = db.$executeRaw`
    UPDATE "ImportJob" SET done = ${done}, total = ${total}, "updatedAt" = now() WHERE id = ${job.jobId} AND status = 'running'`
    .catch(() => {}) // progress is advisory: the import goes on without it
    .finally(() => {
      job.writing = null;
    });
}

/**
 * In the import's own transaction: the job is done with this snap. If another run of the job got
 * there first (a worker thought dead that was not), this run's snap rolls back: one job, one snap.
 */
export async function recordImportJobSnap(tx: Tx, snapId: string, cards: number): Promise<void> {
  const job = scope.getStore();
  if (!job) return;
  const updated = await tx.$executeRaw`
    UPDATE "ImportJob" SET status = 'done', "snapId" = ${snapId}, done = CASE WHEN total = 0 THEN ${cards} ELSE total END,
           total = CASE WHEN total = 0 THEN ${cards} ELSE total END, "updatedAt" = now()
     WHERE id = ${job.jobId} AND status = 'running'`;
  if (updated === 0) throw new ApiError("CONFLICT", "This import job has already finished");
}
