import "server-only";
import { config } from "@/lib/config";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { logger } from "@/lib/log/logger";
import { PrismaClient } from "./generated/client";

/**
 * The one connection pool and the one Prisma client of the process, which runs on that pool.
 * DATABASE_URL always names the database: the launcher (scripts/start.ts) points it at the
 * embedded PostgreSQL when the user did not set it. Kept on globalThis so that dev-mode hot
 * reloads do not open a new pool each time.
 */
const globalForDb = globalThis as unknown as { snapDb?: PrismaClient; snapPool?: pg.Pool };

/** Declared before the pool below, which is created while this module loads. */
const CONNECT_TIMEOUT_MS = 3_000;

/**
 * The pool itself, for the few hot-path reads that skip Prisma's per-query work (see
 * lib/db/query-rows.ts). Everything else goes through `db`.
 */
export const pool: pg.Pool = (globalForDb.snapPool ??= createPool());

// disposeExternalPool: $disconnect() closes the pool, as it did when the adapter owned it.
export const db: PrismaClient = (globalForDb.snapDb ??= new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) }));

function createPool(): pg.Pool {
  const created = new pg.Pool({
    connectionString: config().DATABASE_URL,
    max: config().DATABASE_POOL_SIZE,
    // A server that does not answer a connect must not hold a request for the OS's TCP timeout
    // (minutes): give up soon and answer 503 (tests/api/faults.test.ts).
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection the server ends (restart, failover, pg_terminate_backend) emits 'error' on
  // the pool; unhandled, that would end the process. The pool replaces the connection by itself.
  created.on("error", (error) => logger.warn({ reason: error.message }, "idle database connection lost"));
  return created;
}

export type Db = PrismaClient;
/** A client or an open interactive transaction: domain functions accept either. */
export type DbOrTx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;
