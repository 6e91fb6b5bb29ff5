import "server-only";
import { EventEmitter } from "node:events";
import type { WorkerEvents } from "graphile-worker";
import pg from "pg";
import { directDatabaseUrl } from "@/lib/db/direct-database-url";
import { logger } from "@/lib/log/logger";

/**
 * The first key of the two-key advisory locks that say a job worker is alive (its second key is
 * hashtext(workerId)); the two-key space is apart from the migration lock's single key.
 */
export const WORKER_LIVENESS_LOCK_CLASS = 0x736e6170; // "snap"

const RECONNECT_MS = 2_000;

/**
 * Holds, on a database session of its own, one advisory lock per job worker pool of this process
 * (graphile-worker locks jobs under the pool's id: `locked_by`), for as long as the process lives: when it dies (kill -9, a lost machine), PostgreSQL ends the session and
 * the locks go with it, so another instance's releaseStaleJobs can tell the worker is gone and hand
 * its jobs back at once, instead of waiting for STALE_JOB_SECONDS (lib/webhooks/release-stale-jobs.ts).
 * A lost connection is made again and the locks taken again.
 */
export class WorkerLiveness {
  private readonly workerIds = new Set<string>();
  private client: pg.Client | null = null;
  private stopped = false;

  add(workerId: string): void {
    this.workerIds.add(workerId);
    if (this.client) void this.lock(this.client, workerId);
    else void this.connect();
  }

  stop(): void {
    this.stopped = true;
    void this.client?.end().catch(() => {});
  }

  private connecting = false;
  private reportedLost = false;

  private async connect(): Promise<void> {
    if (this.connecting || this.stopped) return;
    this.connecting = true;
    const client = new pg.Client({ connectionString: directDatabaseUrl(), keepAlive: true, application_name: `snap-job-worker:${process.pid}` });
    let lost = false;
    const onLost = (error: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      void client.end().catch(() => {});
      if (this.stopped) return;
      // Once per outage: the reconnects that fail while the database is away say nothing more.
      if (!this.reportedLost) logger.warn({ component: "job-queue", err: error }, "job worker liveness connection lost; reconnecting");
      this.reportedLost = true;
      setTimeout(() => void this.connect(), RECONNECT_MS).unref();
    };
    client.on("error", onLost);
    client.on("end", () => onLost(new Error("connection ended")));
    try {
      await client.connect();
      this.client = client;
      this.reportedLost = false;
      for (const workerId of this.workerIds) await this.lock(client, workerId);
    } catch (error) {
      onLost(error as Error);
    } finally {
      this.connecting = false;
    }
  }

  /** One statement at a time on the connection: the locks are taken in turn. */
  private locking: Promise<unknown> = Promise.resolve();

  private lock(client: pg.Client, workerId: string): Promise<unknown> {
    this.locking = this.locking.then(() =>
      client.query("SELECT pg_advisory_lock($1, hashtext($2))", [WORKER_LIVENESS_LOCK_CLASS, workerId]).catch(() => {
        // The connection failed meanwhile: the reconnect takes every lock again.
      }),
    );
    return this.locking;
  }
}

/**
 * The events of a graphile-worker runner whose pools hold a liveness lock while they live (jobs are
 * locked_by the pool's id), so that their jobs are released at once if this process dies.
 */
export function livenessEvents(): { events: WorkerEvents; liveness: WorkerLiveness } {
  const liveness = new WorkerLiveness();
  const events: WorkerEvents = new EventEmitter();
  events.on("pool:create", ({ workerPool }) => liveness.add(workerPool.id));
  events.on("pool:release", () => liveness.stop());
  return { events, liveness };
}
