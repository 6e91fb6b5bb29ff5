/**
 * Webhook jobs of a worker that died mid-job go back to the queue after minutes, not graphile-worker's
 * 4 hours (lib/webhooks/release-stale-jobs.ts), on a scratch database of its own: no running app
 * instance's worker or sweep touches these jobs.
 */
import { runMigrations } from "graphile-worker";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "../../lib/db/schema-diff";
import { DELIVER_TASK, FANOUT_TASK, PRUNE_TASK } from "../../lib/webhooks/job-names";
import { releaseStaleJobs, STALE_JOB_SECONDS } from "../../lib/webhooks/release-stale-jobs";

let scratch: ScratchDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  scratch = await createScratchDatabase(inject("databaseUrl"), "snap_test_stale_jobs");
  await runMigrations({ connectionString: scratch.url });
  pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
}, 60_000);

afterAll(async () => {
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
});
