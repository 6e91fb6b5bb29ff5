import "server-only";
import { pool } from "@/lib/db/pool";
import { databaseAwayUnanswered } from "@/lib/log/outage-lines";

const PROBE_MS = 1_000;

/**
 * Ends the job worker's outage story (lib/log/outage-lines.ts) once the database answers, without
 * waiting for the queue to touch it: jobs fetched before an outage wait in the pool's local queue
 * (up to its ttl) while every worker is busy, and its LISTEN client backs off, so the queue may say
 * nothing for a minute. Every second of an outage, one `SELECT 1` on the process's pool, whose
 * answered connection reports the database reachable (lib/db/pool.ts); outside one, nothing is sent.
 * Returns the stop.
 */
export function probeDatabaseDuringOutage(): () => void {
  let probing = false;
  const timer = setInterval(() => {
    if (probing || !databaseAwayUnanswered()) return;
    probing = true;
    pool
      .query("SELECT 1")
      .catch(() => undefined) // still away: the outage's own lines say so
      .finally(() => (probing = false));
  }, PROBE_MS);
  timer.unref();
  return () => clearInterval(timer);
}
