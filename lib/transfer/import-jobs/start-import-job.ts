import "server-only";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { unlink } from "node:fs/promises";
import { createId } from "@/lib/db/create-id";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { fileStorage } from "@/lib/files/file-storage-from-config";
import type { ReceivedUpload } from "@/lib/files/receive-upload";
import type { Principal } from "@/lib/request/principal";
import { IMPORT_JOB_TASK, type ImportJobFormat } from "./import-job-constants";
import type { ImportJobView } from "./import-job-schemas";
import { importJobObjectKey } from "./import-job-storage";
import { toImportJobView, type ImportJobRow } from "./import-job-view";

/** What a job needs besides the bytes, kept in its row: the query, the upload's name and type, and who sent it (the write's actor). */
export interface ImportJobRequest {
  query: Record<string, unknown>;
  name: string;
  contentType: string;
  principal: Pick<Principal, "userId" | "workspaceId" | "role" | "via" | "apiKeyId" | "oauth" | "agent">;
}

/**
 * Queues an upload, received already within its format's byte bound, as an import job: its bytes
 * go to file storage (any instance's worker reads them), then the job's row and its queue job are
 * written in one transaction. With an Idempotency-Key, a retry (same key, format, query and bytes)
 * is the first request's job (`replayed`), the same key with other bytes 409; the key lives as long
 * as the job's row (docs/API.md, "Import jobs").
 */
export async function startImportJob(
  principal: Principal,
  format: ImportJobFormat,
  received: ReceivedUpload,
  request: Omit<ImportJobRequest, "principal" | "name">,
  idempotencyKey: string | null,
): Promise<{ job: ImportJobView; replayed: boolean }> {
  const id = createId();
  const objectKey = importJobObjectKey(id);
  const stored: ImportJobRequest = {
    ...request,
    name: received.name,
    principal: {
      userId: principal.userId,
      workspaceId: principal.workspaceId,
      role: principal.role,
      via: principal.via,
      apiKeyId: principal.apiKeyId,
      oauth: principal.oauth,
      agent: principal.agent,
    },
  };
  const requestHash = idempotencyKey === null ? null : await hashUpload(format, request.query, received.path);
  const storage = fileStorage();
  try {
    await storage.put(objectKey, received.path, { contentType: "application/octet-stream", size: received.size });
  } finally {
    await unlink(received.path).catch(() => {});
  }
  try {
    const outcome = await runTransaction(async (tx) => {
      const inserted = await tx.$queryRaw<ImportJobRow[]>`
        INSERT INTO "ImportJob" (id, "userId", format, request, "objectKey", "idempotencyKey", "requestHash")
        VALUES (${id}, ${principal.userId}, ${format}, ${JSON.stringify(stored)}::jsonb, ${objectKey}, ${idempotencyKey}, ${requestHash})
        ON CONFLICT ("userId", "idempotencyKey") DO NOTHING
        RETURNING id, status::text AS status, done, total`;
      if (inserted[0]) {
        await tx.$executeRaw`SELECT graphile_worker.add_job(${IMPORT_JOB_TASK}::text, json_build_object('jobId', ${id}::text), job_key := ${id}::text)`;
        return { row: inserted[0], replayed: false };
      }
      const [existing] = await tx.$queryRaw<(ImportJobRow & { requestHash: string })[]>`
        SELECT id, status::text AS status, done, total, "requestHash" FROM "ImportJob" WHERE "userId" = ${principal.userId} AND "idempotencyKey" = ${idempotencyKey}`;
      if (!existing) throw new ApiError("CONFLICT", "The Idempotency-Key changed concurrently; try again");
      if (existing.requestHash !== requestHash) {
        throw new ApiError(
          "IDEMPOTENCY_KEY_REUSED",
          "Idempotency-Key reused with a different request: a retry must repeat the method, path and body exactly; use a new key for a new request",
        );
      }
      return { row: existing, replayed: true };
    });
    if (outcome.replayed) await storage.delete([objectKey]).catch(() => {});
    return { job: toImportJobView(outcome.row), replayed: outcome.replayed };
  } catch (error) {
    await storage.delete([objectKey]).catch(() => {});
    throw error;
  }
}

/** SHA-256 of the format, the query and the upload's bytes, read from its file (never held in memory). */
async function hashUpload(format: string, query: Record<string, unknown>, file: string): Promise<string> {
  const hash = createHash("sha256").update(`${format}\n${JSON.stringify(query)}\n`);
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
