/**
 * The embedded PostgreSQL (lib/db/embedded.ts): a new folder, a restart with the data kept, one
 * server per folder; and the import of a data folder made by the earlier default, PGlite, made here
 * the way that version made it (PGlite on the folder, the committed migrations with Prisma's
 * bookkeeping, then rows), one migration behind the current ones.
 */
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../lib/db/embedded";
import { applyMigrations, readCommittedMigrations } from "../../lib/db/migrate";

const TIMEOUT = 120_000;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, TIMEOUT);

async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "snap-embedded-"));
  await chmod(dir, 0o755); // run as root, the server runs as the postgres user, which must reach it
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function start(dataDir: string, importFrom?: string): Promise<EmbeddedPostgres> {
  const server = await startEmbeddedPostgres({ dataDir, importFrom, handleSignals: false });
  cleanups.push(() => server.stop());
  return server;
}

async function query<R extends pg.QueryResultRow>(url: string, sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}

const SEED = `
  INSERT INTO "User" (id, email, name, "passwordHash", "updatedAt") VALUES
    ('u1', 'ada@example.test', 'Ada ✓', '$2b$10$hash1', now()), ('u2', 'bob@example.test', NULL, '$2b$10$hash2', now());
  INSERT INTO "Workspace" (id, name) VALUES ('w1', 'Ada''s workspace — ü');
  INSERT INTO "Membership" ("userId", "workspaceId", role) VALUES ('u1', 'w1', 'admin'), ('u2', 'w1', 'member');
  INSERT INTO "ApiKey" (id, "userId", name, prefix, "keyHash", "revokedAt") VALUES
    ('k1', 'u1', 'ci', 'service_sk_AAAAAAAAA', '$2b$10$k1', NULL), ('k2', 'u2', 'old', 'service_sk_BBBBBBBBB', '$2b$10$k2', now());
  INSERT INTO "Folder" (id, "workspaceId", "userId", name, "updatedAt") VALUES ('f1', 'w1', 'u1', 'Plans', now());
  INSERT INTO "Snap" (id, "userId", "workspaceId", "folderId", title, "rowHeights", "sharedWithWorkspace", "isPublic", "shareToken") VALUES
    ('s1', 'u1', 'w1', 'f1', 'Roadmap 🚀', '{"0": 64}', true, true, 'tok1'), ('s2', 'u2', 'w1', NULL, 'Private', '{}', false, false, NULL);
  INSERT INTO "Card" (id, "snapId", row, col, title, note, "cellType")
    SELECT 'c' || i, CASE WHEN i % 3 = 0 THEN 's2' ELSE 's1' END, i / 10, i % 10, 'card ' || i || ' ✎', repeat('n', i * 7), 'todo'
    FROM generate_series(0, 1249) AS i;
  INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId") VALUES ('l1', 's1', 'c1', 'c2');
`;

/** Every application table's row count and an order-independent checksum of its rows. */
const FINGERPRINT = `
  SELECT c.relname AS name,
         (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I', c.relname), false, true, '')))[1]::text AS rows,
         (xpath('/row/s/text()', query_to_xml(format('SELECT md5(coalesce(string_agg(t::text, E''\\n'' ORDER BY t::text), '''')) AS s FROM %I t', c.relname), false, true, '')))[1]::text AS checksum
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
  WHERE c.relkind = 'r' AND c.relname <> '_prisma_migrations' ORDER BY 1`;

/** A PGlite folder as the earlier version left it: these migrations applied the way its launcher did, then SEED. */
async function makePgliteFolder(dir: string, migrationCount: number): Promise<{ tables: unknown[]; migrations: string[] }> {
  const migrations = (await readCommittedMigrations(path.resolve("prisma/migrations"))).slice(0, migrationCount);
  const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  try {
    await db.exec(`CREATE TABLE _prisma_migrations (id VARCHAR(36) PRIMARY KEY NOT NULL, checksum VARCHAR(64) NOT NULL, finished_at TIMESTAMPTZ,
      migration_name VARCHAR(255) NOT NULL, logs TEXT, rolled_back_at TIMESTAMPTZ, started_at TIMESTAMPTZ NOT NULL DEFAULT now(), applied_steps_count INTEGER NOT NULL DEFAULT 0)`);
    for (const migration of migrations) {
      await db.exec(migration.sql);
      await db.query("INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), 1)", [
        randomUUID(),
        migration.checksum,
        migration.name,
      ]);
    }
    await db.exec(SEED);
    return { tables: (await db.query(FINGERPRINT)).rows, migrations: migrations.map((migration) => migration.name) };
  } finally {
    await db.close();
  }
}

describe("embedded PostgreSQL", () => {
  it(
    "starts on a new folder, keeps its data across a restart, and serves one folder from one process",
    async () => {
      const dataDir = path.join(await scratchDir(), "postgres");
      let server = await start(dataDir);
      await query(server.url, "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('ü ✓')");
      await expect(startEmbeddedPostgres({ dataDir, handleSignals: false })).rejects.toThrow(/is in use by process \d+/);
      await server.stop();

      server = await start(dataDir);
      expect(await query(server.url, "SELECT note FROM kept")).toEqual([{ note: "ü ✓" }]);
      // Connections need the folder's password: the URL without it is refused.
      const withoutPassword = new URL(server.url);
      withoutPassword.password = "wrong";
      await expect(query(withoutPassword.toString(), "SELECT 1")).rejects.toThrow(/password authentication failed/);
      await server.stop();
    },
    TIMEOUT,
  );

  it(
    "imports a folder of the PGlite default row for row, keeps the old folder, and takes the rest of the migrations",
    async () => {
      const root = await scratchDir();
      const pgliteDir = path.join(root, "pglite");
      const dataDir = path.join(root, "postgres");
      const all = (await readCommittedMigrations(path.resolve("prisma/migrations"))).map((migration) => migration.name);
      // Made with every migration but the last, so that the import is followed by one on its data.
      const before = await makePgliteFolder(pgliteDir, all.length - 1);
      const server = await start(dataDir, pgliteDir);
      expect((await applyMigrations(server.url)).applied).toEqual(all.slice(-1));
      // The source's tables, row for row; tables of the newer migration, empty.
      const after = await query<{ name: string; rows: string }>(server.url, FINGERPRINT);
      const sourceNames = new Set(before.tables.map((table) => (table as { name: string }).name));
      expect(after.filter((table) => sourceNames.has(table.name))).toEqual(before.tables);
      expect(after.filter((table) => !sourceNames.has(table.name) && table.rows !== "0")).toEqual([]);
      expect((await query<{ rows: string }>(server.url, `SELECT count(*)::text AS rows FROM "Card"`))[0]?.rows).toBe("1250");
      // The old folder is kept beside, renamed, and a restart does not import it again.
      expect(existsSync(pgliteDir)).toBe(false);
      expect((await readdir(root)).filter((name) => name.startsWith("pglite.imported-"))).toHaveLength(1);
      await server.stop();
      const again = await start(dataDir, pgliteDir);
      expect((await query<{ rows: string }>(again.url, `SELECT count(*)::text AS rows FROM "Card"`))[0]?.rows).toBe("1250");
      await again.stop();
    },
    4 * TIMEOUT,
  ); // PGlite (WebAssembly) makes the source folder: minutes on a busy machine
});
