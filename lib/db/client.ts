import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { pool } from "./pool";

export { pool };

/**
 * The one Prisma client of the process, on the process's one pool (lib/db/pool.ts).
 * DATABASE_URL always names the database: the launcher (scripts/start.ts) points it at the
 * embedded PostgreSQL when the user did not set it. Kept on globalThis so that dev-mode hot
 * reloads do not make a new client each time. The pool itself serves the few hot-path reads that
 * skip Prisma's per-query work (lib/db/query-rows.ts).
 */
const globalForDb = globalThis as unknown as { snapDb?: PrismaClient };

// disposeExternalPool: $disconnect() closes the pool, as it did when the adapter owned it.
export const db: PrismaClient = (globalForDb.snapDb ??= new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) }));

export type Db = PrismaClient;
/** A client or an open interactive transaction: domain functions accept either. */
export type DbOrTx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;
