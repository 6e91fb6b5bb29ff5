/**
 * Next runs register() once per server process, before it serves a request: the job worker (and
 * its schema, which writes queue jobs into) is ready before the first write; a database that is
 * down at start does not keep the server from starting (it retries). docs/ARCHITECTURE.md, "Webhooks".
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startJobWorkerOrRetry } = await import("./lib/webhooks/start-job-worker");
  await startJobWorkerOrRetry();
}
