import "server-only";
import { db } from "@/lib/db/client";
import { findSnapDetail, type SnapDetail } from "@/lib/board-model/find-snap-detail";
import { ApiError, type ErrorCode, type ErrorDetail } from "@/lib/errors/api-error";
import type { Principal } from "@/lib/request/principal";
import type { ImportJobView } from "./import-job-schemas";
import { toImportJobView } from "./import-job-view";

/**
 * GET /api/import-jobs/:id: the caller's own job only (the uploader, in the query; anyone else's
 * is 404, as a job that does not exist): running, its view (202); done, the snap as the import
 * would have answered (201); refused, that refusal thrown (its own 4xx and body).
 */
export async function readImportJob(principal: Principal, id: string): Promise<{ job: ImportJobView } | { snap: SnapDetail }> {
  const job = await db.importJob.findFirst({
    where: { id, userId: principal.userId },
    select: { id: true, status: true, done: true, total: true, snapId: true, error: true },
  });
  if (!job) throw new ApiError("NOT_FOUND", "Import job not found");
  if (job.status === "running") return { job: toImportJobView(job) };
  if (job.status === "failed") {
    const error = job.error as unknown as { code: ErrorCode; message: string; details?: ErrorDetail[] };
    throw new ApiError(error.code, error.message, error.details);
  }
  const snap = job.snapId ? await findSnapDetail({ id: job.snapId, userId: principal.userId }) : null;
  if (!snap) throw new ApiError("NOT_FOUND", "The snap this job imported has been deleted");
  return { snap };
}
