import { spawn, type ChildProcess } from "node:child_process";
import { setPriority } from "node:os";

/**
 * The lowest CPU priority for the job worker process: a burst of writes fans out into many signed
 * POSTs, which then use the core the requests leave idle and wait for them otherwise, instead of
 * slowing the writes down. Not starved: Linux still gives it a small share against busy processes.
 * 19 rather than 10: with one endpoint the write then measured no slower than with none, against
 * ×0.87 (docs/PERFORMANCE.md, "Design decisions").
 */
export const JOB_WORKER_NICENESS = 19;

/**
 * Starts the job worker as a process of its own (`node scripts/start.mjs --job-worker`, run from the
 * project root), at JOB_WORKER_NICENESS: what npm start runs beside the app, and the bench alike.
 */
export function spawnJobWorker(env: NodeJS.ProcessEnv): ChildProcess {
  const worker = spawn(process.execPath, ["scripts/start.mjs", "--job-worker"], { env, stdio: "inherit" });
  try {
    if (worker.pid) setPriority(worker.pid, JOB_WORKER_NICENESS);
  } catch {
    // Not allowed here (some containers): the worker runs at the app's priority.
  }
  return worker;
}
