import "server-only";
import { Logger, run, type Runner } from "graphile-worker";
import { logger } from "@/lib/log/logger";
import { deliverWebhook } from "./deliver-webhook";
import { fanOutEvents } from "./fan-out-events";
import { DELIVER_TASK, FANOUT_TASK, PRUNE_TASK, RELEASE_STALE_TASK } from "./job-names";
import { pruneEvents } from "./prune-events";
import { releaseStaleJobs } from "./release-stale-jobs";
import { reviveFanOutJobs } from "./revive-fan-out-jobs";
import { deliveryConcurrency } from "./webhook-config";

const queueLogger = new Logger(() => (level, message, meta) => {
  const line = { component: "job-queue", ...(meta as object) };
  if (level === "error") logger.error(line, message);
  else if (level === "warning") logger.warn(line, message);
  else if (level === "info") logger.debug(line, message); // one line per job otherwise
});

const LOCAL_QUEUE_SIZE = 16;
const FETCH_PAUSE_MS = 200;

const holder = globalThis as typeof globalThis & { snapJobWorker?: Promise<Runner> };

/**
 * Starts this process's job worker (graphile-worker on DATABASE_URL): it migrates its own schema
 * (`graphile_worker`) first, which write paths rely on to queue jobs, then takes jobs as soon as
 * they are committed (LISTEN) from every instance. Once per process.
 */
export function startJobWorker(): Promise<Runner> {
  holder.snapJobWorker ??= run({
    connectionString: process.env.DATABASE_URL,
    concurrency: deliveryConcurrency(),
    // Jobs arrive by LISTEN/NOTIFY; polling only catches retries coming due and missed notifications.
    pollInterval: 1_000,
    noHandleSignals: false,
    logger: queueLogger,
    // Jobs are taken in batches of up to LOCAL_QUEUE_SIZE, and a fetch that found fewer waits
    // FETCH_PAUSE_MS (0.5 to 1.5 times, graphile-worker's jitter) before the next, whatever the
    // notifications say: the writes of that pause merge into their connection's fan-out job, so
    // one fan-out sends many events (docs/ARCHITECTURE.md, "Webhooks and the event feed").
    preset: {
      worker: {
        localQueue: { size: LOCAL_QUEUE_SIZE, refetchDelay: { durationMs: FETCH_PAUSE_MS, threshold: LOCAL_QUEUE_SIZE - 1, maxAbortThreshold: Infinity } },
      },
    },
    taskList: {
      [FANOUT_TASK]: (payload, helpers) => fanOutEvents(payload, helpers.addJob),
      [DELIVER_TASK]: (payload) => deliverWebhook(payload),
      [PRUNE_TASK]: () => pruneEvents(),
      [RELEASE_STALE_TASK]: async (_payload, helpers) => {
        const released = await releaseStaleJobs(helpers.query);
        if (released > 0) logger.warn({ component: "job-queue", released }, "released webhook jobs of a worker that stopped mid-job");
        const revived = await reviveFanOutJobs(helpers.query);
        if (revived > 0) logger.warn({ component: "job-queue", revived }, "queued again webhook fan-outs that had stopped");
      },
    },
    crontab: `0 * * * * ${PRUNE_TASK}\n* * * * * ${RELEASE_STALE_TASK}`,
  });
  return holder.snapJobWorker;
}

const RETRY_MS = 5_000;

/**
 * Starts the job worker before the server serves, as `startJobWorker`; but when the database cannot
 * be reached yet, the server still starts (health answers 503, the API says the service is
 * unavailable) and the worker tries again every few seconds until the database is back.
 */
export async function startJobWorkerOrRetry(): Promise<void> {
  try {
    await startJobWorker();
  } catch (error) {
    holder.snapJobWorker = undefined;
    logger.warn({ component: "job-queue", reason: error instanceof Error ? error.message : String(error) }, "job worker not started; retrying");
    setTimeout(() => void startJobWorkerOrRetry(), RETRY_MS).unref();
  }
}
