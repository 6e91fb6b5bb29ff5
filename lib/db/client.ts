import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

/**
 * The one Prisma client of the process. DATABASE_URL always names the database: the launcher
 * (scripts/start.ts) points it at the embedded PostgreSQL when the user did not set it.
 * Kept on globalThis so that dev-mode hot reloads do not open a new pool each time.
 */
function createClient(): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  });
  return new PrismaClient({ adapter });
}

const globalForDb = globalThis as unknown as { snapDb?: PrismaClient };

export const db: PrismaClient = globalForDb.snapDb ?? createClient();
globalForDb.snapDb = db;

export type Db = PrismaClient;
/** A client or an open interactive transaction: domain functions accept either. */
export type DbOrTx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;
