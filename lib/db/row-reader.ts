import { createHash } from "node:crypto";
import type pg from "pg";
import { logger } from "@/lib/log/logger";

export type RowReader = <T>(text: string, values: readonly unknown[]) => Promise<T[]>;

/** Distinct texts given names, at most; a caller that ever builds texts gets unnamed ones past it. */
const MAX_PREPARED_STATEMENTS = 100;
/**
 * 42P05 duplicate_prepared_statement, 26000 invalid_sql_statement_name: the server's sessions are
 * not one per connection (the embedded PGlite serves every socket from one session; a pooler in
 * transaction mode hands a connection's statements to another). Both fail at Parse or Bind, before
 * anything ran, so the query is safely sent again unnamed.
 */
const SHARED_SESSION_ERRORS = new Set(["42P05", "26000"]);

/**
 * Reads on `pool` as prepared statements: each text is parsed and planned once per connection and
 * then only bound and executed. For the snap detail's statement, planning was two thirds of the
 * database's work per request (docs/PERFORMANCE.md). Where sessions are shared between connections,
 * the first collision turns names off for the process and the query runs again unnamed.
 */
export function createRowReader(pool: pg.Pool): RowReader {
  const statementNames = new Map<string, string>();
  let prepare = true;

  function statementNameOf(text: string): string | undefined {
    if (!prepare) return undefined;
    let name = statementNames.get(text);
    if (name === undefined && statementNames.size < MAX_PREPARED_STATEMENTS) {
      name = `snap_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
      statementNames.set(text, name);
    }
    return name;
  }

  return async function readRows<T>(text: string, values: readonly unknown[]): Promise<T[]> {
    const name = statementNameOf(text);
    try {
      return (await pool.query({ name, text, values: values as unknown[] })).rows as T[];
    } catch (error) {
      if (name === undefined || !SHARED_SESSION_ERRORS.has((error as { code?: string }).code ?? "")) throw error;
      if (prepare) logger.warn({ reason: (error as Error).message }, "database sessions are shared between connections: reads are no longer prepared");
      prepare = false;
      return (await pool.query({ text, values: values as unknown[] })).rows as T[];
    }
  };
}
