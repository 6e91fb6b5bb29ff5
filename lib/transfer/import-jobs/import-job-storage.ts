import "server-only";
import { createWriteStream } from "node:fs";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { fileObjectKey } from "@/lib/files/file-storage";
import { fileStorage } from "@/lib/files/file-storage-from-config";
import type { ReceivedUpload } from "@/lib/files/receive-upload";

/**
 * Where a job's upload waits: in file storage under a key of the uploaded files' form (disk and S3
 * accept only `<id>/<variant>`), the job's id as the id. No File row names it, so nothing serves
 * it; the job deletes it when it has run, and a row deleted while it still holds one queues it for
 * the file sweep as a deleted file's (migration 20261206173000_import_job_upload_deletion).
 */
export function importJobObjectKey(jobId: string): string {
  return fileObjectKey(jobId, "original");
}

/** The job's upload, back into a temporary file for the format's import (which deletes it). */
export async function fetchJobUpload(objectKey: string, name: string, dir: string): Promise<ReceivedUpload | null> {
  const source = await fileStorage().get(objectKey);
  if (!source) return null;
  const target = path.join(dir, randomUUID());
  let size = 0;
  source.on("data", (chunk: Buffer) => (size += chunk.length));
  await pipeline(source, createWriteStream(target));
  return { path: target, name, size };
}
