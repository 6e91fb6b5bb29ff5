import pg from "pg";
import { describe, expect, inject, it } from "vitest";
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
