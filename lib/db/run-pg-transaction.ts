import "server-only";
import type pg from "pg";
import { pool } from "./pool";

const MAX_ATTEMPTS = 5;
/** Deadlock and serialization failure: rolled back whole, so running the work again is safe. */
const RETRYABLE_SQLSTATES = new Set(["40P01", "40001"]);

/**
 * runTransaction's counterpart on the bare pool (lib/db/run-transaction.ts), for code that runs
 * without Prisma (the job worker): `work` in one transaction on one connection, again (up to 5
 * times) when PostgreSQL aborts it for a deadlock or a serialization failure.
 */
export async function runPgTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
      const code = (error as { code?: unknown }).code;
      if (attempt < MAX_ATTEMPTS && typeof code === "string" && RETRYABLE_SQLSTATES.has(code)) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
        continue;
      }
      throw error;
    } finally {
      // A connection whose rollback failed is dropped, not handed to the next query.
      client.release(broken);
    }
  }
}
