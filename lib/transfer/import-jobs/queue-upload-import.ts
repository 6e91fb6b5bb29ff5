import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import type { ReceivedUpload } from "@/lib/files/receive-upload";
import type { Principal } from "@/lib/request/principal";
import { FORMAT_LIMITS } from "../formats/format-limits";
import { receiveWithin } from "../formats/import-csv";
import { ARCHIVE_LIMITS } from "../transfer-constants";
import { IMPORT_ASYNC_BYTES, type ImportJobFormat } from "./import-job-constants";
import type { ImportJobView } from "./import-job-schemas";
import { startImportJob } from "./start-import-job";

const BOUNDS: Record<ImportJobFormat, { bytes: number; what: string }> = {
  zip: { bytes: ARCHIVE_LIMITS.bytes, what: "A .snap.zip" },
  xlsx: { bytes: FORMAT_LIMITS.xlsxBytes, what: "An .xlsx workbook" },
  csv: { bytes: FORMAT_LIMITS.csvBytes, what: "A CSV file" },
};

/**
 * Whether an upload import runs as a job (docs/API.md, "Import jobs"): never a dry run; else when
 * the client asks (`Prefer: respond-async`), the body declares more than IMPORT_ASYNC_BYTES, or
 * (a .snap.zip, whose key the job keeps) it carries an Idempotency-Key.
 */
export function runsAsJob(request: Request, format: ImportJobFormat, dryRun: boolean): boolean {
  if (dryRun) return false;
  if (/(^|,)\s*respond-async\s*(,|;|$)/i.test(request.headers.get("prefer") ?? "")) return true;
  if (format === "zip" && request.headers.has("idempotency-key")) return true;
  return Number(request.headers.get("content-length")) > IMPORT_ASYNC_BYTES;
}

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/**
 * The upload received within its format's bound (the same 413 as the import's), then queued. A
 * .snap.zip's Idempotency-Key is kept with its job; the other formats' by withIdempotency, which
 * stores this 202 answer.
 */
export async function queueUploadImport(
  principal: Principal,
  format: ImportJobFormat,
  request: Request,
  receive: (dir: string, maxBytes: number) => Promise<ReceivedUpload>,
  query: Record<string, unknown>,
): Promise<{ job: ImportJobView; replayed: boolean }> {
  const key = format === "zip" ? request.headers.get("idempotency-key") : null;
  if (key !== null && !KEY_SHAPE.test(key)) {
    throw new ApiError("BAD_REQUEST", "Invalid Idempotency-Key header: use 1 to 255 visible ASCII characters", [
      { path: "(header) Idempotency-Key", message: "1 to 255 visible ASCII characters" },
    ]);
  }
  const received = await receiveWithin(receive, BOUNDS[format].bytes, BOUNDS[format].what);
  return startImportJob(principal, format, received, { query, contentType: request.headers.get("content-type") ?? "" }, key);
}
