/**
 * The job worker in a process of its own (webhook fan-out and deliveries, the feed's pruning): what
 * `npm start` runs beside `next start` (scripts/job-worker-process.ts), which then runs none. Exits
 * when it cannot start (the database away): the launcher starts it again. Its tasks query with pg
 * only: nothing here loads Prisma (docs/ARCHITECTURE.md, "Job worker").
 */
import { startJobWorker } from "../lib/jobs/start-job-worker";
import { logger } from "../lib/log/logger";

try {
  await startJobWorker();
  logger.info({ component: "job-queue" }, "job worker started");
} catch (error) {
  logger.error({ component: "job-queue", err: error }, "job worker could not start");
  logger.flush();
  process.exitCode = 1;
  setTimeout(() => process.exit(1), 100).unref(); // the queue's pool may hold the loop open
}
