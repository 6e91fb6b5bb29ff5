import "server-only";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { fileStorage } from "@/lib/files/file-storage-from-config";
import { logger } from "@/lib/log/logger";
import type { Principal } from "@/lib/request/principal";
import { importArchive } from "../import-archive";
import { importCsv } from "../formats/import-csv";
import { importXlsx } from "../formats/xlsx/import-xlsx";
import type { ImportJobFormat } from "./import-job-constants";
import { runInImportJob } from "./import-job-scope";
import { fetchJobUpload } from "./import-job-storage";
import type { ImportJobRequest } from "./start-import-job";

/**
 * The queue's `snap-import` task: one import job, by the same function its route would have called,
 * the upload read back from file storage. The snap and the job's `done` commit together
 * (import-job-scope.ts), so a second run of the job (a worker thought dead) makes no second snap. A
 * refusal (any ApiError) is the job's outcome, `failed` with the error; anything else is thrown, and
 * the queue tries again. The upload is deleted once the job has an outcome.
 */
export async function runImportJob(payload: unknown): Promise<void> {
  const jobId = (payload as { jobId?: unknown } | null)?.jobId;
  if (typeof jobId !== "string") return;
  const job = await db.importJob.findUnique({ where: { id: jobId }, select: { format: true, request: true, status: true, objectKey: true } });
  if (!job || job.status !== "running" || !job.objectKey) return;
  const request = job.request as unknown as ImportJobRequest;
  const principal = request.principal as Principal;
  const objectKey = job.objectKey;
  try {
    await runInImportJob(jobId, () => runFormat(job.format as ImportJobFormat, principal, objectKey, request));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "CONFLICT" && error.message === "This import job has already finished") return;
    const refusal = { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
    await db.$executeRaw`
      UPDATE "ImportJob" SET status = 'failed', error = ${JSON.stringify(refusal)}::jsonb, "updatedAt" = now() WHERE id = ${jobId} AND status = 'running'`;
    logger.info({ component: "import-job", jobId, code: error.code }, "import job refused");
  }
  await db.$executeRaw`UPDATE "ImportJob" SET "objectKey" = NULL WHERE id = ${jobId}`;
  await fileStorage()
    .delete([objectKey])
    .catch(() => {});
}

function runFormat(format: ImportJobFormat, principal: Principal, objectKey: string, request: ImportJobRequest) {
  const receive = async (dir: string) => {
    const upload = await fetchJobUpload(objectKey, request.name, dir);
    if (!upload) throw new ApiError("NOT_FOUND", "The import's upload is gone (older than its job's retention?)");
    return upload;
  };
  const query = { ...request.query, dryRun: false };
  if (format === "zip") return importArchive(principal, receive, { dryRun: false });
  if (format === "xlsx") return importXlsx(principal, receive, query as Parameters<typeof importXlsx>[2]);
  return importCsv(principal, receive, request.contentType, query as Parameters<typeof importCsv>[3]);
}
