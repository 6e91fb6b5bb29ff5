import "server-only";
import { db } from "@/lib/db/client";
import { deleteQueuedFileObjects } from "@/lib/files/delete-queued-file-objects";
import { IMPORT_JOB_RETENTION_HOURS } from "./import-job-constants";

/**
 * The hourly sweep: jobs past IMPORT_JOB_RETENTION_HOURS. An upload one still holds (a job that
 * never ran) is queued for deletion by the row's trigger, as it is when a cascade takes the row
 * (migration 20261206173000_import_job_upload_deletion); the sweep deletes those at once.
 */
export async function sweepImportJobs(): Promise<number> {
  const gone = await db.$queryRaw<{ id: string; objectKey: string | null }[]>`
    DELETE FROM "ImportJob" WHERE "createdAt" < now() - make_interval(hours => ${IMPORT_JOB_RETENTION_HOURS}::int) RETURNING id, "objectKey"`;
  const holding = gone.flatMap((row) => (row.objectKey ? [row.id] : []));
  if (holding.length > 0) await deleteQueuedFileObjects(holding);
  return gone.length;
}
