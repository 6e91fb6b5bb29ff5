import "server-only";
import pg from "pg";
import { config } from "@/lib/config";
import { logger } from "@/lib/log/logger";
import { reportDatabaseReachable } from "@/lib/log/report-database-reachable";

/** A server that does not answer a connect must not hold a request for the OS's TCP timeout (minutes). */
const CONNECT_TIMEOUT_MS = 3_000;

// On globalThis so that dev-mode hot reloads do not open a new pool each time.
const holder = globalThis as typeof globalThis & { snapPool?: pg.Pool };

/**
 * The process's one connection pool on DATABASE_URL, with no ORM: Prisma's client runs on it in
 * the app (lib/db/client.ts), and the job worker, which loads no Prisma at all, queries it directly
 * and runs its queue on it (docs/ARCHITECTURE.md, "Job worker").
 */
export const pool: pg.Pool = (holder.snapPool ??= createPool());

function createPool(): pg.Pool {
  const created = new pg.Pool({
    connectionString: config().DATABASE_URL,
    max: config().DATABASE_POOL_SIZE,
    // Give up soon and answer 503 (tests/api/faults.test.ts).
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection the server ends (restart, failover, pg_terminate_backend) emits 'error' on
  // the pool; unhandled, that would end the process. The pool replaces the connection by itself.
  created.on("error", (error) => logger.warn({ err: error }, "idle database connection lost"));
  created.on("connect", (client) => {
    // The same for a connection in use: its query fails by itself; the event must not end the process.
    client.on("error", (error) => logger.warn({ err: error }, "database connection lost while in use"));
    reportDatabaseReachable();
  });
  // A connection given back without an error answered its queries: the database is reachable too. A
  // new connection alone is not enough: after a failure late in an outage the pool may make none.
  created.on("release", (error) => {
    if (!error) reportDatabaseReachable();
  });
  return created;
}
