import "server-only";
import { Logger, run, type Runner } from "graphile-worker";
import { directDatabaseUrl } from "@/lib/db/direct-database-url";
import { logger } from "@/lib/log/logger";
import { livenessEvents } from "@/lib/webhooks/worker-liveness";
import { IMPORT_JOB_SWEEP_TASK, IMPORT_JOB_TASK } from "./import-job-constants";

const runnerLogger = new Logger(() => (level, message, meta) => {
  const line = { component: "import-jobs", ...(meta as object) };
  if (level === "error" || level === "warning") logger.warn(line, message);
});

const holder = globalThis as typeof globalThis & { snapImportRunner?: Promise<Runner> };

/**
 * Every app instance takes import jobs (docs/ARCHITECTURE.md, "Job worker"): a graphile-worker
 * runner of its own, on the same queue, knowing only the import tasks, one job at a time. Imports
 * write with Prisma, which the job worker process must not load; the app has it loaded already.
 * graphile-worker gives a runner only the tasks it knows, so the two never take each other's jobs.
 */
export function startImportRunner(): Promise<Runner> {
  if (holder.snapImportRunner) return holder.snapImportRunner;
  // Its liveness lock: if this process dies mid-import, the job worker's sweep hands the job back
  // at once (lib/webhooks/release-stale-jobs.ts), not after graphile-worker's 4 hours.
  const { events, liveness } = livenessEvents();
  holder.snapImportRunner = run({
    events,
    connectionString: directDatabaseUrl(),
    concurrency: 1,
    pollInterval: 2_000,
    noHandleSignals: true,
    logger: runnerLogger,
    taskList: {
      [IMPORT_JOB_TASK]: async (payload) => (await import("./run-import-job")).runImportJob(payload),
      [IMPORT_JOB_SWEEP_TASK]: async () => void (await (await import("./sweep-import-jobs")).sweepImportJobs()),
    },
    crontab: `10 * * * * ${IMPORT_JOB_SWEEP_TASK}`,
  }).catch((error: unknown) => {
    holder.snapImportRunner = undefined;
    liveness.stop();
    throw error;
  });
  return holder.snapImportRunner;
}

const RETRY_MS = 5_000;

/** Starts the runner; while the database cannot be reached, tries again every few seconds (as the job worker does). */
export async function startImportRunnerOrRetry(): Promise<void> {
  try {
    await startImportRunner();
  } catch (error) {
    logger.warn({ component: "import-jobs", err: error }, "import runner not started; retrying");
    setTimeout(() => void startImportRunnerOrRetry(), RETRY_MS).unref();
  }
}

export async function stopImportRunner(): Promise<void> {
  const running = holder.snapImportRunner;
  holder.snapImportRunner = undefined;
  const runner = await running?.catch(() => undefined);
  await runner?.stop();
}
