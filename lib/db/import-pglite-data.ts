/**
 * Moves a data folder of the earlier embedded database (PGlite: PostgreSQL compiled to 32-bit
 * WebAssembly, whose files a native server cannot open) into a new, empty PostgreSQL database.
 * The target gets exactly the migrations the folder had, then every table's rows are copied
 * through JSON (lossless for the types the schema uses), in one transaction, and the row counts
 * compared; the launcher applies any newer migrations afterwards, on the data, as for any database.
 * docs/ARCHITECTURE.md ("Databases and migrations") says when this runs.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { applyMigrations } from "./migrate";

const PAGE_ROWS = 500;

/** A PGlite data folder, as the earlier versions made in <data folder>/pglite. */
export function isPgliteDataDir(dir: string): boolean {
  return existsSync(path.join(dir, "PG_VERSION")) && existsSync(path.join(dir, "base"));
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function importPgliteData(
  pgliteDir: string,
  targetUrl: string,
  log: (line: string) => void = () => {},
): Promise<{ rows: Record<string, number> }> {
  // Loaded only here: the one place that still reads PGlite's files.
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const source = await PGlite.create({ dataDir: pgliteDir, extensions: { pg_trgm } });
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  try {
    const hasMigrations = (await source.query<{ found: boolean }>("SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS found")).rows[0]?.found;
    const applied = hasMigrations
      ? (
          await source.query<{ name: string }>("SELECT migration_name AS name FROM _prisma_migrations WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL")
        ).rows.map((row) => row.name)
      : [];
    await applyMigrations(targetUrl, { only: applied });

    const { rows: tables } = await target.query<{ name: string; columns: string[] }>(`
      SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relkind = 'r' AND c.relname <> '_prisma_migrations'
      GROUP BY c.relname ORDER BY c.relname`);

    const copied: Record<string, number> = {};
    await target.query("BEGIN");
    // Rows go in table by table, so foreign keys are checked by the comparison below, not per row.
    await target.query("SET LOCAL session_replication_role = replica");
    for (const table of tables) {
      const columns = table.columns.map(quote).join(", ");
      copied[table.name] = 0;
      for (let offset = 0; ; offset += PAGE_ROWS) {
        const page = await source.query<{ rows: string | null; count: number }>(
          `SELECT json_agg(t)::text AS rows, count(*)::int AS count FROM (SELECT ${columns} FROM ${quote(table.name)} ORDER BY ctid LIMIT ${PAGE_ROWS} OFFSET ${offset}) t`,
        );
        const { rows, count } = page.rows[0]!;
        if (!rows || count === 0) break;
        await target.query(
          `INSERT INTO ${quote(table.name)} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${quote(table.name)}, $1::json)`,
          [rows],
        );
        copied[table.name]! += count;
        if (count < PAGE_ROWS) break;
      }
    }
    for (const table of tables) {
      const expected = (await source.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${quote(table.name)}`)).rows[0]!.count;
      if (expected !== copied[table.name]) throw new Error(`import of ${table.name}: ${copied[table.name]} rows copied of ${expected}`);
    }
    await target.query("COMMIT");
    log(`imported ${Object.values(copied).reduce((sum, count) => sum + count, 0)} rows from ${tables.length} tables`);
    return { rows: copied };
  } catch (error) {
    await target.query("ROLLBACK").catch(() => {});
    throw new Error(`importing ${pgliteDir} failed, nothing was changed: ${(error as Error).message}`, { cause: error });
  } finally {
    await target.end();
    await source.close();
  }
}
