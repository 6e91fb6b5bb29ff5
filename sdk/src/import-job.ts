import type { Context } from "./client.js";

/**
 * An import the server ran as a job (202 {job}, docs/API.md "Import jobs"): reads the job's URL,
 * as its Retry-After says, until it is no longer running, and hands back that answer (201 with the
 * snap, or the refusal). Any other answer is handed back as it is.
 */
export async function settleImport(context: Context, response: Response, signal?: AbortSignal): Promise<Response> {
  if (response.status !== 202) return response;
  const { job } = (await response.json()) as { job: { url: string } };
  for (;;) {
    const answer = await context.raw(job.url, { method: "GET", signal });
    if (answer.status !== 202) return answer;
    await answer.body?.cancel();
    const seconds = Number(answer.headers.get("retry-after")) || 1;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    signal?.throwIfAborted();
  }
}
