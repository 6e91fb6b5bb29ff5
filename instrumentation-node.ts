import { config, ConfigError, runtime } from "./lib/config";

/**
 * The Node.js half of instrumentation.ts, run once per server process before it serves a request:
 * the job worker (and its schema, which writes queue jobs into) is ready before the first write;
 * under npm start the worker is a process of its own, and this only migrates its schema
 * (JOB_WORKER=off). A database that is down at start does not keep the server from starting (it
 * retries). docs/ARCHITECTURE.md, "Job worker". The configuration is checked
 * first: a bad value stops the start, naming the variable (lib/config.ts). Under npm start it also
 * installs the drain on SIGTERM (lib/http/graceful-shutdown.ts).
 */
export async function registerNode(): Promise<void> {
  try {
    config();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // Next logs a failed hook and serves on; a server with a setting it cannot read must not.
    console.error(error.message);
    process.exit(1);
  }
  // Before the first request: the client address comes from the socket (lib/rate-limit/client-ip.ts).
  const { stampSocketAddress } = await import("./lib/request/stamp-socket-address");
  stampSocketAddress();
  // A body refused before it was read is read to its end after the answer, so its sender sees it.
  const { drainBodiesAfterAnswer } = await import("./lib/http/drain-after-answer");
  drainBodiesAfterAnswer();
  const { startJobWorkerOrRetry, stopJobWorker } = await import("./lib/jobs/start-job-worker");
  const { startImportRunnerOrRetry, stopImportRunner } = await import("./lib/transfer/import-jobs/start-import-runner");
  // Under npm start (NEXT_MANUAL_SIG_HANDLE), a SIGTERM drains the instance before it stops.
  if (runtime.handlesSignalsItself()) {
    const { installGracefulShutdown } = await import("./lib/http/graceful-shutdown");
    const { endEventStreamsForStop } = await import("./lib/live/snap-stream-hub");
    const { endMcpStreamsForStop } = await import("./lib/mcp/board-change-feed");
    installGracefulShutdown(async () => {
      endEventStreamsForStop();
      endMcpStreamsForStop();
      await Promise.all([stopJobWorker(), stopImportRunner()]);
    });
  }
  await startJobWorkerOrRetry();
  // Import jobs run in the app (lib/transfer/import-jobs/start-import-runner.ts); after the queue's schema exists.
  void startImportRunnerOrRetry();
}
