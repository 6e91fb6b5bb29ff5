/**
 * npm run backup / npm run restore, end to end: seed a database, back it up, wipe it, restore, and
 * compare every table's row count and checksum (and the schema's indexes) with the original. On a
 * PostgreSQL server (DATABASE_URL's) through pg_dump / pg_restore; on the embedded database through
 * a copy of its data folder (its binaries ship no pg_dump).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../../lib/db/embedded";
import { applyMigrations } from "../../lib/db/migrate";
import { createScratchDatabase, type ScratchDatabase } from "../../lib/db/schema-diff";

const serverUrl = process.env.DATABASE_URL;
const TIMEOUT = 120_000;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, TIMEOUT);

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A small but varied data set: every core table, unicode, nulls, JSON, a revoked key. */
async function seed(url: string): Promise<void> {
  await withClient(url, async (client) => {
    await client.query(`
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
        SELECT 'c' || i, CASE WHEN i % 3 = 0 THEN 's2' ELSE 's1' END, i / 10, i % 10, 'card ' || i || ' ✎', repeat('n', i), 'todo'
        FROM generate_series(0, 249) AS i;
      INSERT INTO "Line" (id, "snapId", "fromCardId", "toCardId") VALUES ('l1', 's1', 'c1', 'c2');
    `);
  });
}

interface TableState {
  rows: number;
  checksum: string;
}

/** Row count and an order-independent checksum of every table, plus the index definitions. */
async function fingerprint(url: string): Promise<{ tables: Record<string, TableState>; indexes: string[] }> {
  return withClient(url, async (client) => {
    const { rows: tables } = await client.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
    const states: Record<string, TableState> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<TableState>(
        `SELECT count(*)::int AS rows, coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '') AS checksum FROM "${name}" t`,
      );
      states[name] = rows[0]!;
    }
    const { rows: indexes } = await client.query<{ def: string }>(`SELECT indexdef AS def FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`);
    return { tables: states, indexes: indexes.map((row) => row.def) };
  });
}

/** npm run backup / restore as a user runs them, with the given environment. */
function npmRun(
  script: "backup" | "restore",
  args: string[],
  env: Record<string, string | undefined>,
): { status: number | null; stdout: string; stderr: string } {
  const childEnv = { ...process.env, ...env };
  if (env.DATABASE_URL === undefined) delete childEnv.DATABASE_URL;
  const result = spawnSync("npm", ["run", "--silent", script, "--", ...args], { env: childEnv, encoding: "utf8", timeout: TIMEOUT });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "snap-backup-"));
  await chmod(dir, 0o755); // run as root, the embedded PostgreSQL runs as the postgres user, which must reach it
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

// Skipped without DATABASE_URL: the system's pg_dump must match a server it can reach, and the
// embedded PostgreSQL ships none (docs/DEVELOPMENT.md, "Tests").
describe.runIf(serverUrl)("PostgreSQL: pg_dump and pg_restore", () => {
  async function scratch(): Promise<ScratchDatabase> {
    const database = await createScratchDatabase(serverUrl!, "snap_test_backup");
    cleanups.push(database.drop);
    return database;
  }

  it(
    "backs up, and restores over a wiped database and into a new empty one, table for table",
    async () => {
      const source = await scratch();
      await applyMigrations(source.url);
      await seed(source.url);
      const original = await fingerprint(source.url);
      expect(original.tables.Card).toMatchObject({ rows: 250 });

      const file = path.join(await scratchDir(), "snap.dump");
      const backup = npmRun("backup", [file], { DATABASE_URL: source.url });
      expect(backup.stderr).toBe("");
      expect(backup).toMatchObject({ status: 0, stdout: `${file}\n` });

      // Wiped: every table gone, as after a bad migration or a DROP by mistake.
      await withClient(source.url, (client) => client.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public"));
      expect((await fingerprint(source.url)).tables).toEqual({});
      expect(npmRun("restore", [file], { DATABASE_URL: source.url })).toMatchObject({ status: 0 });
      expect(await fingerprint(source.url)).toEqual(original);

      // Restored over changed data: the backup's state, not a merge.
      await withClient(source.url, (client) => client.query(`DELETE FROM "Card" WHERE "snapId" = 's2'; UPDATE "Snap" SET title = 'changed'`));
      expect(npmRun("restore", [file], { DATABASE_URL: source.url })).toMatchObject({ status: 0 });
      expect(await fingerprint(source.url)).toEqual(original);

      const empty = await scratch();
      expect(npmRun("restore", [file], { DATABASE_URL: empty.url })).toMatchObject({ status: 0 });
      expect(await fingerprint(empty.url)).toEqual(original);
    },
    TIMEOUT,
  );

  it(
    "refuses an embedded database folder, and leaves the database as it was",
    async () => {
      const target = await scratch();
      await applyMigrations(target.url);
      await seed(target.url);
      const before = await fingerprint(target.url);
      const result = npmRun("restore", [await scratchDir()], { DATABASE_URL: target.url });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^restore failed: .* is an embedded database folder/);
      expect(await fingerprint(target.url)).toEqual(before);
    },
    TIMEOUT,
  );
});

describe("embedded database: a copy of the data folder", () => {
  it(
    "backs up, and restores over a wiped folder, table for table; refuses to copy while the server runs",
    async () => {
      const root = await scratchDir();
      const env = { SNAP_DATA_DIR: root };
      const dataDir = path.join(root, "postgres");
      let server = await startEmbeddedPostgres({ dataDir, handleSignals: false });
      cleanups.push(() => server.stop());
      await applyMigrations(server.url);
      await seed(server.url);
      const original = await fingerprint(server.url);

      const running = npmRun("backup", [path.join(root, "while-running")], env);
      expect(running.status).toBe(1);
      expect(running.stderr).toMatch(/^backup failed: the embedded database .* is in use by process/);
      expect(existsSync(path.join(root, "while-running"))).toBe(false);
      await server.stop();

      const folder = path.join(root, "backup-postgres");
      expect(npmRun("backup", [folder], env)).toMatchObject({ status: 0, stdout: `${folder}\n` });

      // Wiped: the data folder deleted.
      await rm(dataDir, { recursive: true, force: true });
      expect(npmRun("restore", [folder], env)).toMatchObject({ status: 0 });
      server = await startEmbeddedPostgres({ dataDir, handleSignals: false });
      expect(await fingerprint(server.url)).toEqual(original);
      await server.stop();
    },
    3 * TIMEOUT,
  ); // three npm runs: minutes on a busy machine
});
