/**
 * Applies the committed migrations (prisma/migrations/<timestamp>_<name>/migration.sql) over plain
 * `pg`. This is the app's start-up path: the Prisma CLI's schema engine cannot be downloaded here,
 * and the app should not need it anyway. New migrations are written by `npm run db:migration`.
 *
 * Bookkeeping goes into Prisma's own `_prisma_migrations` table, the way `prisma migrate deploy`
 * does it, so either tool can take over a database the other one migrated.
 */
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

export interface ApplyMigrationsOptions {
  /**
   * Directory of migration folders. Default: `prisma/migrations` under `process.cwd()`, because the
   * app always runs from the project root (bundlers move this file, so its own location is no guide).
   */
  migrationsDir?: string;
  /** Receives one line per notable step (waiting for the lock, each migration applied). */
  log?: (line: string) => void;
  /** Apply only these (by folder name): an import rebuilds the migrations its source had. */
  only?: readonly string[];
}

interface CommittedMigration {
  name: string;
  sql: string;
  checksum: string;
}

// The key `prisma migrate deploy` locks too (see the schema engine's postgres connector), so this
// runner, other app instances and the Prisma CLI all exclude one another.
const MIGRATION_LOCK_KEY = 72707369;

// Same definition as the schema engine creates for PostgreSQL.
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

// Like Prisma, accept a checksum taken with the other line-ending convention: git may convert them.
function matchesChecksum(sql: string, checksum: string): boolean {
  return [sql, sql.replaceAll("\r\n", "\n"), sql.replaceAll("\n", "\r\n")].some((text) => sha256(text) === checksum);
}

export async function readCommittedMigrations(migrationsDir: string): Promise<CommittedMigration[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort(); // timestamp prefixes make code-unit order the order they were written in
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: sha256(sql) };
    }),
  );
}

export async function applyMigrations(databaseUrl: string, options: ApplyMigrationsOptions = {}): Promise<{ applied: string[] }> {
  const log = options.log ?? (() => {});
  const migrationsDir = options.migrationsDir ?? path.join(process.cwd(), "prisma", "migrations");
  const all = await readCommittedMigrations(migrationsDir);
  const committed = options.only ? all.filter((migration) => options.only!.includes(migration.name)) : all;

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // A session-level lock: it is released when this connection closes, even if we crash midway.
    const { rows: locked } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1) AS ok", [MIGRATION_LOCK_KEY]);
    if (!locked[0]?.ok) {
      log("migrations: another process is migrating this database; waiting for it");
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    }

    await client.query(CREATE_MIGRATIONS_TABLE);
    // Rows marked rolled back are history only, as for Prisma.
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      "SELECT migration_name, checksum, finished_at FROM _prisma_migrations WHERE rolled_back_at IS NULL",
    );

    // Check everything before changing anything: the database must be the one these files built.
    const byName = new Map(all.map((migration) => [migration.name, migration]));
    for (const row of rows) {
      if (row.finished_at === null) {
        throw new Error(
          `Migration ${row.migration_name} is recorded as started but not finished (a failed \`prisma migrate\`?). ` +
            "Repair the database and mark it with `prisma migrate resolve` before starting the app.",
        );
      }
      const file = byName.get(row.migration_name);
      if (!file) {
        // Typical while an older build still runs beside a newer one: not fatal.
        log(`migrations: ${row.migration_name} is applied but not in ${migrationsDir}`);
      } else if (!matchesChecksum(file.sql, row.checksum)) {
        throw new Error(
          `Migration ${row.migration_name} was changed after it was applied: ` +
            `the database has checksum ${row.checksum}, ${path.join(migrationsDir, row.migration_name, "migration.sql")} ` +
            `hashes to ${file.checksum}. Committed migrations must not be edited; add a new migration instead.`,
        );
      }
    }

    const appliedNames = new Set(rows.map((row) => row.migration_name));
    const applied: string[] = [];
    for (const migration of committed.filter((m) => !appliedNames.has(m.name))) {
      // One transaction per migration: a failing one leaves neither half its changes nor a row behind.
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query("INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, clock_timestamp())", [
          id,
          migration.checksum,
          migration.name,
        ]);
        await client.query(migration.sql); // no parameters: simple protocol, so several statements are fine
        await client.query("UPDATE _prisma_migrations SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1", [id]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {}); // keep the original error if the connection is gone
        throw new Error(`Migration ${migration.name} failed and was rolled back: ${(error as Error).message}`, {
          cause: error,
        });
      }
      applied.push(migration.name);
      log(`migrations: applied ${migration.name}`);
    }
    return { applied };
  } finally {
    await client.end(); // also releases the advisory lock
  }
}
