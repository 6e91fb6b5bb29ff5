/**
 * Webhook jobs of a worker that died mid-job go back to the queue after minutes, not graphile-worker's
 * 4 hours (lib/webhooks/release-stale-jobs.ts), on a scratch database of its own: no running app
 * instance's worker or sweep touches these jobs.
 */
import { runMigrations } from "graphile-worker";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { applyMigrations } from "../../lib/db/migrate";
import { createScratchDatabase, type ScratchDatabase } from "../../lib/db/schema-diff";
import { DELIVER_TASK, FANOUT_TASK, PRUNE_TASK } from "../../lib/webhooks/job-names";
import { DEAD_WORKER_GRACE_SECONDS, releaseStaleJobs, STALE_JOB_SECONDS } from "../../lib/webhooks/release-stale-jobs";
import { WORKER_LIVENESS_LOCK_CLASS } from "../../lib/webhooks/worker-liveness";

let scratch: ScratchDatabase;
let pool: pg.Pool;
/** The session of the live workers' process: holds their liveness locks (lib/webhooks/worker-liveness.ts). */
let liveWorkers: pg.Client;
/**
 * Errors of this file's connections, asserted empty after each test: without a listener one would be
 * an unhandled error of the whole run, named by no test.
 */
const connectionErrors: Error[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase(inject("databaseUrl"), "snap_test_stale_jobs");
  await applyMigrations(scratch.url); // the outbox the sweep frees claims in
  pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  // An idle connection's error reaches the pool, a checked-out client's only the client (graphile-worker asks for both).
  pool.on("error", (error) => connectionErrors.push(error));
  pool.on("connect", (client) => client.on("error", (error) => connectionErrors.push(error)));
  // Through this pool: graphile-worker ends a pool of its own without waiting, its error listener already removed.
  await runMigrations({ pgPool: pool });
  liveWorkers = new pg.Client({ connectionString: scratch.url });
  liveWorkers.on("error", (error) => connectionErrors.push(error));
  await liveWorkers.connect();
  for (const worker of ["worker-alive", "worker-alive-recent"]) {
    await liveWorkers.query("SELECT pg_advisory_lock($1, hashtext($2))", [WORKER_LIVENESS_LOCK_CLASS, worker]);
  }
}, 60_000);

afterEach(() => {
  expect(connectionErrors).toEqual([]);
});

afterAll(async () => {
  await liveWorkers?.end();
  await pool?.end();
  await scratch?.drop();
});

/** A job as a worker left it: taken `lockedSecondsAgo` ago by `worker`. */
async function lockedJob(task: string, worker: string, lockedSecondsAgo: number): Promise<string> {
  const { rows } = await pool.query<{ id: string }>("SELECT (graphile_worker.add_job($1, json_build_object('deliveryId', 'none'))).id::text AS id", [task]);
  const id = rows[0]!.id;
  await pool.query("UPDATE graphile_worker._private_jobs SET locked_by = $2, locked_at = now() - make_interval(secs => $3) WHERE id = $1", [
    id,
    worker,
    lockedSecondsAgo,
  ]);
  return id;
}

async function lockedBy(id: string): Promise<string | null> {
  const { rows } = await pool.query<{ locked_by: string | null }>("SELECT locked_by FROM graphile_worker.jobs WHERE id = $1", [id]);
  return rows[0]!.locked_by;
}

describe("releasing the jobs of a worker that stopped mid-job", () => {
  it("frees webhook jobs locked past the bound; leaves running ones and other tasks' jobs alone", async () => {
    const dead = await lockedJob(DELIVER_TASK, "worker-dead", STALE_JOB_SECONDS + 60);
    const deadFanOut = await lockedJob(FANOUT_TASK, "worker-dead-too", STALE_JOB_SECONDS + 1);
    const running = await lockedJob(DELIVER_TASK, "worker-alive", STALE_JOB_SECONDS - 60);
    const pruning = await lockedJob(PRUNE_TASK, "worker-pruning", STALE_JOB_SECONDS * 2);

    expect(await releaseStaleJobs((text, values) => pool.query(text, values))).toBe(2);
    expect(await Promise.all([dead, deadFanOut, running, pruning].map(lockedBy))).toEqual([null, null, "worker-alive", "worker-pruning"]);
    // Nothing left to release: a second sweep changes nothing.
    expect(await releaseStaleJobs((text, values) => pool.query(text, values))).toBe(0);
  });

  it("frees at once the jobs of a worker whose liveness lock is free (its process died); never a live one's", async () => {
    const grace = DEAD_WORKER_GRACE_SECONDS;
    const killed = await lockedJob(DELIVER_TASK, "worker-killed", grace + 5);
    const alive = await lockedJob(DELIVER_TASK, "worker-alive-recent", grace + 5);
    const justTaken = await lockedJob(DELIVER_TASK, "worker-starting", grace - 4); // its lock may not be taken yet
    // Outbox events the killed worker's fan-out had claimed, and one a live fan-out holds.
    await pool.query(`INSERT INTO "WebhookOutbox" (seq, "claimedAt", "claimedBy") VALUES (1, now(), 'worker-killed'), (2, now(), 'worker-alive-recent')`);

    expect(await releaseStaleJobs((text, values) => pool.query(text, values))).toBe(1);
    expect(await Promise.all([killed, alive, justTaken].map(lockedBy))).toEqual([null, "worker-alive-recent", "worker-starting"]);
    const outbox = await pool.query<{ seq: string; claimedBy: string | null }>(`SELECT seq::text, "claimedBy" FROM "WebhookOutbox" ORDER BY seq`);
    expect(outbox.rows).toEqual([
      { seq: "1", claimedBy: null },
      { seq: "2", claimedBy: "worker-alive-recent" },
    ]);
    // An import job is released when its worker is gone, and never for its length alone.
    const importKilled = await lockedJob("snap-import", "worker-import-killed", grace + 5);
    const importLong = await lockedJob("snap-import", "worker-alive", STALE_JOB_SECONDS * 2);
    expect(await releaseStaleJobs((text, values) => pool.query(text, values), ["snap-import"])).toBe(1);
    expect(await Promise.all([importKilled, importLong].map(lockedBy))).toEqual([null, "worker-alive"]);
    // The sweep only tried the locks: the live worker still holds its own.
    const { rows } = await pool.query<{ free: boolean }>("SELECT pg_try_advisory_lock($1, hashtext('worker-alive-recent')) AS free", [
      WORKER_LIVENESS_LOCK_CLASS,
    ]);
    expect(rows[0]!.free).toBe(false);
  });
});
