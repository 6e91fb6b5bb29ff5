import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { parseConfig } from "../../lib/config";
import { preparedStatementsEnabled } from "../../lib/db/prepared-statements-enabled";
import { createRowReader } from "../../lib/db/row-reader";

const SQL = "SELECT $1::int * 2 AS doubled, current_setting('application_name') AS app";

/** Reads every connection of a small pool at once, so that each one runs (and prepares) SQL. */
async function readOnEveryConnection(pool: pg.Pool, times = 12): Promise<number[]> {
  const read = createRowReader(pool);
  const rows = await Promise.all(Array.from({ length: times }, (_, i) => read<{ doubled: number }>(SQL, [i])));
  return rows.map(([row]) => row!.doubled);
}

describe("prepared reads (lib/db/row-reader.ts)", () => {
  it("are prepared once per connection (DATABASE_URL's server or the embedded one alike)", async () => {
    const pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 3 });
    try {
      expect(await readOnEveryConnection(pool)).toEqual(Array.from({ length: 12 }, (_, i) => i * 2));
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements WHERE name LIKE 'snap_%'");
        expect(rows.map((row) => row.statement)).toEqual([SQL]);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });
});

describe("reads behind a pooler in transaction mode (prepared: false)", () => {
  it("send every text unnamed: no statement is left on the connection", async () => {
    const pool = new pg.Pool({ connectionString: inject("databaseUrl"), max: 1 });
    try {
      const read = createRowReader(pool, { prepared: false });
      expect((await read<{ doubled: number }>(SQL, [21]))[0]!.doubled).toBe(42);
      const { rows } = await pool.query<{ count: number }>("SELECT count(*)::int AS count FROM pg_prepared_statements");
      expect(rows[0]!.count).toBe(0);
    } finally {
      await pool.end();
    }
  });
});

describe("whether the pool's reads are prepared (lib/db/prepared-statements-enabled.ts)", () => {
  const url = "postgres://app@pgbouncer:6432/snaps";
  const direct = "postgres://app@db:5432/snaps";
  it.each([
    [{ DATABASE_URL: url }, true],
    [{ DATABASE_URL: url, DATABASE_DIRECT_URL: url }, true],
    [{ DATABASE_URL: url, DATABASE_DIRECT_URL: direct }, false],
    [{ DATABASE_URL: url, DATABASE_DIRECT_URL: direct, DATABASE_PREPARED_STATEMENTS: "true" }, true],
    [{ DATABASE_URL: url, DATABASE_PREPARED_STATEMENTS: "false" }, false],
  ])("%o → %s", (env, expected) => {
    expect(preparedStatementsEnabled(parseConfig(env))).toBe(expected);
  });

  it("refuses a value other than auto, true or false", () => {
    expect(() => parseConfig({ DATABASE_PREPARED_STATEMENTS: "maybe" })).toThrow(/DATABASE_PREPARED_STATEMENTS expects one of auto, true, false/);
  });
});
