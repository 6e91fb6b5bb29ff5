import "server-only";
import { ApiError } from "@/lib/errors/api-error";
import { pool } from "./client";
import type { NamedSql } from "./named-sql";
import { preparedStatementsEnabled } from "./prepared-statements-enabled";
import { createRowReader } from "./row-reader";
import { currentTransaction } from "./run-transaction";

const MAX_ATTEMPTS = 5;
// Deadlock and serialization failures: PostgreSQL rolled the statement back whole, so sending it
// again is safe (the same rule as lib/db/run-transaction.ts).
const RETRYABLE_SQLSTATES = new Set(["40P01", "40001"]);

// Prepared as the hot reads are, and unnamed as they are behind a pooler in transaction mode
// (lib/db/prepared-statements-enabled.ts), where a named statement would not find its connection.
const readRows = createRowReader(pool, { prepared: preparedStatementsEnabled() });

/**
 * Runs a write that is ONE statement (a data-modifying CTE doing the whole write: docs/ARCHITECTURE.md,
 * "Single writes") on the pool, prepared (unnamed behind a pooler), with no interactive transaction around it: one round trip,
 * atomic as any statement is. Inside a runTransaction (an Idempotency-Key's, which must commit with
 * the write) it runs in that transaction instead.
 */
export async function runWriteStatement<Name extends string>(statement: NamedSql<Name>, values: Record<Name, unknown>): Promise<unknown[]> {
  const params = statement.bind(values);
  const tx = currentTransaction();
  if (tx) return tx.$queryRawUnsafe<unknown[]>(statement.text, ...params);
  for (let attempt = 1; ; attempt++) {
    try {
      return await readRows<unknown>(statement.text, params);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (!RETRYABLE_SQLSTATES.has(String(code))) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new ApiError("CONFLICT", "The data changed concurrently; try again");
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
