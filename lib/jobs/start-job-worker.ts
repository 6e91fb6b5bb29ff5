import "server-only";
import pg from "pg";
import { Logger, run, runMigrations, type Runner } from "graphile-worker";
import { config, runtime } from "@/lib/config";
import { directDatabaseUrl } from "@/lib/db/direct-database-url";
import { emailEnabled } from "@/lib/email/email-config";
import type { EmailJobPayload } from "@/lib/notifications/send-notification-email";
import { EMAIL_DIGEST_TASK, EMAIL_SEND_TASK } from "@/lib/email/email-task-names";
import { INVITATION_EMAIL_TASK, type InvitationEmailPayload } from "@/lib/email/invitation-email-task";
import { logger } from "@/lib/log/logger";
import { outageComponent } from "@/lib/log/outage-cause";
import { reportDatabaseReachable } from "@/lib/log/report-database-reachable";
import { probeDatabaseDuringOutage } from "./probe-database-during-outage";
import { startFanOutTrigger } from "@/lib/webhooks/fan-out-trigger";
import { DEAD_WORKER_GRACE_SECONDS, releaseStaleJobs } from "@/lib/webhooks/release-stale-jobs";
import { deliveryConcurrency } from "@/lib/webhooks/webhook-config";
import { DELIVER_TASK, FANOUT_TASK, PRUNE_TASK, RELEASE_STALE_TASK } from "@/lib/webhooks/job-names";
import { livenessEvents } from "@/lib/webhooks/worker-liveness";
import { IMPORT_JOB_TASK } from "@/lib/transfer/import-jobs/import-job-constants";

/**
 * graphile-worker's lines, through the app's logger and so its outage story (lib/log/outage-lines.ts).
 * It calls a lost connection an error; to this service it is the database being away: a warning.
 */
const queueLogger = new Logger(() => (level, message, meta) => {
  const line = { component: "job-queue", ...(meta as object) };
  if (level === "error" && outageComponent(line, message) === null) logger.error(line, message);
  else if (level === "error" || level === "warning") logger.warn(line, message);
  else if (level === "info") logger.debug(line, message); // one line per job otherwise
});

/** The housekeeping tasks of other modules than webhooks, whose task names live in lib/webhooks/job-names.ts. */
const AUDIT_PRUNE_TASK = "audit-prune";
const IDEMPOTENCY_SWEEP_TASK = "idempotency-sweep";
const OAUTH_PRUNE_TASK = "oauth-prune";
export const FILE_SWEEP_TASK = "file-sweep";

/**
 * Every periodic task of the app, on the queue's own clock: each runs once per period across all
 * instances (the queue takes a crontab slot once), never on a timer of some process.
 */
const CRONTAB = [
  `0 * * * * ${PRUNE_TASK}`, // the event feed and the delivery log, past EVENT_RETENTION_DAYS
  `30 * * * * ${AUDIT_PRUNE_TASK}`, // the audit log, past AUDIT_RETENTION_DAYS
  `*/10 * * * * ${IDEMPOTENCY_SWEEP_TASK}`, // Idempotency-Keys past their 24 hours
  `* * * * * ${RELEASE_STALE_TASK}`, // jobs of a worker that stopped mid-job
  `* * * * * ${FANOUT_TASK}`, // what a lost wake-up left in the outbox (fan-out-trigger.ts)
  `40 * * * * ${OAUTH_PRUNE_TASK}`, // expired OAuth tokens and codes; dynamic clients never granted after 30 days
  `20 * * * * ${FILE_SWEEP_TASK}`, // files nothing refers to past FILE_ORPHAN_GRACE_HOURS; deleted files' storage objects
].join("\n");

const holder = globalThis as typeof globalThis & { snapJobWorker?: Promise<Runner>; snapStopOutageProbe?: () => void };

/** How long a job fetched into the pool's local queue may wait there for a free worker. */
const LOCAL_QUEUE_TTL_MS = 60_000;

/**
 * Starts this process's job worker (graphile-worker on DATABASE_DIRECT_URL, else DATABASE_URL, a pool of its own: its tasks,
 * which query the process's pool with pg and never Prisma, must not hold up the queue's own
 * statements, docs/ARCHITECTURE.md, "Job worker"): it migrates its own schema
 * (`graphile_worker`) first, which write paths rely on to queue jobs, then takes jobs as soon as
 * they are committed (LISTEN) from every instance, and wakes the webhook fan-out when writes leave
 * events in its outbox. Once per process.
 */
export function startJobWorker(): Promise<Runner> {
  if (holder.snapJobWorker) return holder.snapJobWorker;
  const { events } = livenessEvents();
  // The queue's LISTEN connection is made again, or its poll answered: the database is reachable (its
  // outage story's end). The poll counts too: its own connection may fail after the LISTEN's is back.
  // A poll answered with a job counts as one answered empty: a queue that always holds jobs (failing
  // deliveries coming due) is never empty, and its jobs may all fail, so job:success may never come.
  events.on("pool:listen:success", () => reportDatabaseReachable());
  events.on("worker:getJob:empty", () => reportDatabaseReachable());
  events.on("job:start", () => reportDatabaseReachable());
  events.on("localQueue:getJobs:complete", () => reportDatabaseReachable());
  // The queue may not touch the database for a minute after an outage (probe-database-during-outage.ts).
  // One probe per process: a start that failed (startJobWorkerOrRetry tries again) keeps its probe.
  holder.snapStopOutageProbe ??= probeDatabaseDuringOutage();
  holder.snapJobWorker = run({
    events,
    // A session of its own: the queue LISTENs and prepares named statements (both fine on a direct
    // connection, neither through a pooler in transaction mode; its noPreparedStatements would
    // cover only the second), so it never runs on a pooled DATABASE_URL.
    connectionString: directDatabaseUrl(),
    concurrency: deliveryConcurrency(),
    // Jobs arrive by LISTEN/NOTIFY; polling only catches retries coming due and missed notifications.
    pollInterval: 1_000,
    // One poll for the whole pool, handing jobs to its workers, instead of one per worker: every
    // worker polling kept WEBHOOK_CONCURRENCY connections (and PostgreSQL backends) busy while idle
    // (docs/PERFORMANCE.md, "Memory per process"). A job waits locked in it at most the ttl, well
    // under STALE_JOB_SECONDS, before it goes back to the queue.
    preset: { worker: { localQueue: { size: deliveryConcurrency(), ttl: LOCAL_QUEUE_TTL_MS } } },
    // Under npm start the app's own stop (lib/http/graceful-shutdown.ts) stops it; else its own handlers.
    noHandleSignals: runtime.handlesSignalsItself(),
    logger: queueLogger,
    // Each task's code is loaded when it first runs: an app server that only migrates the queue's
    // schema (JOB_WORKER=off) never holds it (docs/PERFORMANCE.md, "Loaded on first use").
    taskList: {
      [FANOUT_TASK]: async (payload, helpers) => (await import("@/lib/webhooks/fan-out-events")).fanOutEvents(payload, helpers.addJob, helpers.job.locked_by),
      [DELIVER_TASK]: async (payload) => (await import("@/lib/webhooks/deliver-webhook")).deliverWebhook(payload),
      [PRUNE_TASK]: async () => (await import("@/lib/webhooks/prune-events")).pruneEvents(),
      [AUDIT_PRUNE_TASK]: async () => {
        await (await import("@/lib/audit/prune-audit-log")).pruneAuditLog();
      },
      [IDEMPOTENCY_SWEEP_TASK]: async () => {
        await (await import("@/lib/http/sweep-expired-idempotency-keys")).sweepExpiredIdempotencyKeys();
      },
      [OAUTH_PRUNE_TASK]: async () => (await import("@/lib/oauth/prune-oauth-records")).pruneOAuthRecords(),
      [FILE_SWEEP_TASK]: async () => {
        const deleted = await (await import("@/lib/files/sweep-files")).sweepFiles();
        if (deleted > 0) logger.info({ component: "file-sweep", deleted }, "deleted files nothing refers to");
      },
      [RELEASE_STALE_TASK]: async (_payload, helpers) => {
        const released = await releaseStaleJobs(helpers.query, [IMPORT_JOB_TASK]);
        if (released > 0) logger.warn({ component: "job-queue", released }, "released webhook or import jobs of a worker that stopped mid-job");
      },
      // Email tasks only where email is on: a worker without SMTP never takes an email job.
      ...(emailEnabled()
        ? {
            [EMAIL_SEND_TASK]: async (payload: unknown) =>
              (await import("@/lib/notifications/send-notification-email")).sendNotificationEmail(payload as EmailJobPayload),
            [EMAIL_DIGEST_TASK]: async () => void (await (await import("@/lib/notifications/queue-daily-digests")).queueDailyDigests()),
            [INVITATION_EMAIL_TASK]: async (payload: unknown) =>
              (await import("@/lib/email/send-invitation-email")).sendInvitationEmail(payload as InvitationEmailPayload),
          }
        : {}),
    },
    // The daily digest at 08:00 UTC (graphile-worker's crontab is in UTC), where email is on.
    crontab: emailEnabled() ? `${CRONTAB}\n0 8 * * * ${EMAIL_DIGEST_TASK}` : CRONTAB,
  }).then((runner) => {
    const fanOutTrigger = startFanOutTrigger(runner);
    events.on("pool:gracefulShutdown", () => fanOutTrigger.stop());
    events.on("pool:release", () => fanOutTrigger.stop());
    // A worker that starts (often one that was killed, started again) frees dead workers' jobs soon, not at
    // the minute: once their locks are past the grace period, which a worker killed just now is not yet.
    const runAt = new Date(Date.now() + (DEAD_WORKER_GRACE_SECONDS + 1) * 1000);
    void runner.addJob(RELEASE_STALE_TASK, {}, { jobKey: RELEASE_STALE_TASK, runAt }).catch(() => {});
    return runner;
  });
  return holder.snapJobWorker;
}

const RETRY_MS = 5_000;

/**
 * JOB_WORKER=off: this process runs no job worker, another process does (npm start runs one beside
 * the app); it still makes sure the queue's schema exists, which writes queue jobs into.
 */
function jobWorkerInThisProcess(): boolean {
  return config().JOB_WORKER !== "off";
}

/**
 * Starts the job worker before the server serves, as `startJobWorker`; but when the database cannot
 * be reached yet, the server still starts (health answers 503, the API says the service is
 * unavailable) and the worker tries again every few seconds until the database is back.
 */
export async function startJobWorkerOrRetry(): Promise<void> {
  try {
    if (jobWorkerInThisProcess()) await startJobWorker();
    else await migrateJobQueue();
  } catch (error) {
    holder.snapJobWorker = undefined;
    logger.warn({ component: "job-queue", err: error }, "job worker not started; retrying");
    setTimeout(() => void startJobWorkerOrRetry(), RETRY_MS).unref();
  }
}

/**
 * The queue's schema, over a pool this process ends and waits for: graphile-worker's own pool for
 * migrations is ended without waiting, its error listener removed first, so a connection lost in
 * that moment would end the process.
 */
async function migrateJobQueue(): Promise<void> {
  const migrationPool = new pg.Pool({ connectionString: directDatabaseUrl(), max: 1 });
  const connectionLost = (error: Error) => logger.warn({ component: "job-queue", err: error }, "job queue migration connection lost");
  // An idle connection's error reaches the pool; a checked-out client's only the client (graphile-worker asks for both).
  migrationPool.on("error", connectionLost);
  migrationPool.on("connect", (client) => client.on("error", connectionLost));
  try {
    await runMigrations({ pgPool: migrationPool, logger: queueLogger });
  } finally {
    await migrationPool.end();
  }
}

/**
 * Stops this process's job worker, if it runs one: jobs in progress finish, or are released for
 * another worker when they take too long (graphile-worker's graceful shutdown).
 */
export async function stopJobWorker(): Promise<void> {
  const running = holder.snapJobWorker;
  holder.snapJobWorker = undefined;
  holder.snapStopOutageProbe?.();
  holder.snapStopOutageProbe = undefined;
  const runner = await running?.catch(() => undefined);
  await runner?.stop();
}
