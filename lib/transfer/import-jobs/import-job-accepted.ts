import type { ImportJobView } from "./import-job-schemas";
import { REPLAYED_HEADER } from "@/lib/http/with-idempotency";

/** 202 with the job and its URL in Location (docs/API.md, "Import jobs"); a retry's answer says it is replayed. */
export function importJobAccepted({ job, replayed }: { job: ImportJobView; replayed: boolean }): Response {
  return Response.json({ job }, { status: 202, headers: { Location: job.url, ...(replayed ? { [REPLAYED_HEADER]: "true" } : {}) } });
}
