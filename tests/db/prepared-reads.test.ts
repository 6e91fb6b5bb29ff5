import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../lib/db/embedded";
import { createRowReader } from "../../lib/db/row-reader";

const SQL = "SELECT $1::int * 2 AS doubled, current_setting('application_name') AS app";

/** Reads every connection of a small pool at once, so that each one runs (and prepares) SQL. */
async function readOnEveryConnection(pool: pg.Pool, times = 12): Promise<number[]> {
  const read = createRowReader(pool);
  const rows = await Promise.all(Array.from({ length: times }, (_, i) => read<{ doubled: number }>(SQL, [i])));
  return rows.map(([row]) => row!.doubled);
}

describe("prepared reads (lib/db/row-reader.ts)", () => {
  it.runIf(process.env.DATABASE_URL)("are prepared once per connection on a PostgreSQL server", async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 });
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

  describe("on the embedded database, whose one session serves every connection", () => {
    let dir: string;
    let server: EmbeddedPostgres;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), "snap-prepared-"));
      server = await startEmbeddedPostgres({ dataDir: path.join(dir, "pglite"), handleSignals: false });
    });
    afterAll(async () => {
      await server?.stop();
      await rm(dir, { recursive: true, force: true });
    });

    it("answer every read: the second connection's name collision turns names off and runs the read again", async () => {
      const pool = new pg.Pool({ connectionString: server.url, max: 3 });
      try {
        expect(await readOnEveryConnection(pool)).toEqual(Array.from({ length: 12 }, (_, i) => i * 2));
        expect(await readOnEveryConnection(pool)).toEqual(Array.from({ length: 12 }, (_, i) => i * 2));
      } finally {
        await pool.end();
      }
    });
  });
});
