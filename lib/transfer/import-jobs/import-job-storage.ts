import "server-only";
import { createWriteStream } from "node:fs";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { fileStorage } from "@/lib/files/file-storage-from-config";
import type { ReceivedUpload } from "@/lib/files/receive-upload";

/**
 * Where a job's upload waits: in file storage under a key of the uploaded files' form (disk and S3
 * accept only `<id>/<variant>`), the job's id as the id. No File row names it, and the job's id is
 * not a file's, so nothing else ever serves or sweeps it; the job deletes it when it has run, and
 * the sweep (sweep-import-jobs.ts) with the job's row.
 */
export function importJobObjectKey(jobId: string): string {
  return `${jobId}/original`;
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
