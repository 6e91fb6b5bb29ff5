import { pool } from "./client";

/**
 * One parameterized read straight on the pool (pg's own type parsing: timestamptz → Date, jsonb →
 * value, enums → string), for the API's hottest reads: Prisma's $queryRaw costs about 0.3 to
 * 0.8 ms more CPU per call (docs/PERFORMANCE.md). Not for writes or anything in a transaction:
 * those stay with `db`.
 */
export async function queryRows<T>(text: string, values: readonly unknown[]): Promise<T[]> {
  const result = await pool.query(text, values as unknown[]);
  return result.rows as T[];
}
