/**
 * The job worker in a process of its own (webhook fan-out and deliveries, the feed's pruning): what
 * `npm start` runs beside `next start` (scripts/job-worker-process.ts), which then runs none. Exits
 * when it cannot start (the database away): the launcher starts it again.
 */
import { startJobWorker } from "../lib/jobs/start-job-worker";

await startJobWorker();
