import "server-only";
import { db } from "@/lib/db/client";
import { fileStorage } from "@/lib/files/file-storage-from-config";
import { IMPORT_JOB_RETENTION_HOURS } from "./import-job-constants";

/** The hourly sweep: jobs past IMPORT_JOB_RETENTION_HOURS, with any upload one still holds (a job that never ran). */
export async function sweepImportJobs(): Promise<number> {
  const gone = await db.$queryRaw<{ objectKey: string | null }[]>`
    DELETE FROM "ImportJob" WHERE "createdAt" < now() - make_interval(hours => ${IMPORT_JOB_RETENTION_HOURS}::int) RETURNING "objectKey"`;
  const keys = gone.flatMap((row) => (row.objectKey ? [row.objectKey] : []));
  if (keys.length > 0) await fileStorage().delete(keys);
  return gone.length;
}
