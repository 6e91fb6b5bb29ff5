import "server-only";
import { createHash } from "node:crypto";
import type pg from "pg";

export type RowReader = <T>(text: string, values: readonly unknown[]) => Promise<T[]>;

/** Distinct texts given names, at most; a caller that ever builds texts gets unnamed ones past it. */
const MAX_PREPARED_STATEMENTS = 100;

/**
 * Reads on `pool` as prepared statements: each text is parsed and planned once per connection and
 * then only bound and executed. For the snap detail's statement, planning was two thirds of the
 * database's work per request (docs/PERFORMANCE.md). Needs a session per connection, as PostgreSQL
 * gives, embedded or not. `prepared: false` sends every text unnamed (parsed and planned each time,
 * one round trip all the same): for a pool behind a pooler in transaction mode, where the next
 * statement may run on another server connection that never saw the name (docs/OPERATIONS.md, "Behind
 * PgBouncer"; lib/db/prepared-statements-enabled.ts).
 */
export function createRowReader(pool: pg.Pool, { prepared = true }: { prepared?: boolean } = {}): RowReader {
  const statementNames = new Map<string, string>();

  function statementNameOf(text: string): string | undefined {
    if (!prepared) return undefined;
    let name = statementNames.get(text);
    if (name === undefined && statementNames.size < MAX_PREPARED_STATEMENTS) {
      name = `snap_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
      statementNames.set(text, name);
    }
    return name;
  }

  return async function readRows<T>(text: string, values: readonly unknown[]): Promise<T[]> {
    return (await pool.query({ name: statementNameOf(text), text, values: values as unknown[] })).rows as T[];
  };
}
