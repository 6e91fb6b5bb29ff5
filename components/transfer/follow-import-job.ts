import type { ApiErrorBody, ApiResult } from "@/components/http/call-api";

export interface ImportJob {
  id: string;
  status: "running" | "done" | "failed";
  progress: { done: number; total: number };
  url: string;
}

const POLL_MS = 1_000;

/**
 * Reads an import job (docs/API.md, "Import jobs") until it is no longer running: each 202's
 * progress to `onProgress`, then the 201's snap or the refusal's error.
 */
export async function followImportJob(job: ImportJob, onProgress: (progress: ImportJob["progress"]) => void): Promise<ApiResult<{ snap: { id: string } }>> {
  onProgress(job.progress);
  for (;;) {
    let response: Response;
    try {
      response = await fetch(job.url, { cache: "no-store" });
    } catch {
      return { ok: false, status: 0, error: { code: "NETWORK", message: "Could not reach the server. Check your connection and try again." } };
    }
    const payload = (await response.json().catch(() => null)) as { job?: ImportJob; snap?: { id: string }; error?: ApiErrorBody } | null;
    if (response.status === 202 && payload?.job) {
      onProgress(payload.job.progress);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    if (response.ok && payload?.snap) return { ok: true, status: response.status, data: { snap: payload.snap } };
    return {
      ok: false,
      status: response.status,
      error: payload?.error?.message ? payload.error : { code: "UNKNOWN", message: "The file could not be imported. Please try again." },
    };
  }
}
