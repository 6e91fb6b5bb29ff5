/**
 * The committed migrations against a real PostgreSQL (DATABASE_URL's server, else the embedded
 * one): they build exactly schema.prisma, re-running is a no-op, concurrent starts are
 * safe, edited migrations are refused, and Prisma's own engine reads our bookkeeping as its own.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { applyMigrations, readCommittedMigrations } from "../../lib/db/migrate";
import { createScratchDatabase, diffDatabaseToSchema, withSchemaEngine, type ScratchDatabase } from "../../lib/db/schema-diff";

/** Scratch databases on the test run's server (DATABASE_URL's, or the embedded PostgreSQL). */
const serverUrl = inject("databaseUrl");
const migrationsDir = path.resolve("prisma/migrations");
const schemaPath = path.resolve("prisma/schema.prisma");
const TIMEOUT = 60_000;

const scratches: ScratchDatabase[] = [];
async function freshDatabase(): Promise<string> {
  const scratch = await createScratchDatabase(serverUrl, "snap_test_migrations");
  scratches.push(scratch);
  return scratch.url;
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

let names: string[];
beforeAll(async () => {
  names = (await readCommittedMigrations(migrationsDir)).map((m) => m.name);
});

afterAll(async () => {
  await Promise.all(scratches.map((scratch) => scratch.drop()));
}, TIMEOUT);

describe("committed migrations", () => {
  let url: string;

  it("exist", () => {
    expect(names.length).toBeGreaterThan(0);
  });

  it(
    "build a database that matches schema.prisma exactly",
    async () => {
      url = await freshDatabase();
      const { applied } = await applyMigrations(url, { migrationsDir });
      expect(applied).toEqual(names);
      // Non-empty here means schema.prisma changed without `npm run db:migration -- <name>`.
      expect(await diffDatabaseToSchema(url, schemaPath)).toBe("");
    },
    TIMEOUT,
  );

  it(
    "apply nothing the second time",
    async () => {
      expect(await applyMigrations(url, { migrationsDir })).toEqual({ applied: [] });
    },
    TIMEOUT,
  );

  it(
    "are recorded so that Prisma's own engine (migrate deploy) sees a clean history",
    async () => {
      const migrationsList = {
        baseDir: migrationsDir,
        lockfile: { path: "migration_lock.toml", content: null },
        shadowDbInitScript: "",
        migrationDirectories: (await readCommittedMigrations(migrationsDir)).map((m) => ({
          path: m.name,
          migrationFile: { path: "migration.sql", content: { tag: "ok" as const, value: m.sql } },
        })),
      };
      const filters = { externalTables: [], externalEnums: [] };
      const diagnosis = await withSchemaEngine(url, (engine) => engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters }));
      expect(diagnosis).toEqual({ editedMigrationNames: [], failedMigrationNames: [], hasMigrationsTable: true, history: null });

      // And the other way round: a database Prisma migrated needs nothing from us.
      const prismaMigrated = await freshDatabase();
      const byPrisma = await withSchemaEngine(prismaMigrated, (engine) => engine.applyMigrations({ migrationsList, filters }));
      expect(byPrisma.appliedMigrationNames).toEqual(names);
      expect(await applyMigrations(prismaMigrated, { migrationsDir })).toEqual({ applied: [] });
    },
    TIMEOUT,
  );

  it(
    "are applied exactly once when several instances start at the same time",
    async () => {
      const shared = await freshDatabase();
      const results = await Promise.all(Array.from({ length: 4 }, () => applyMigrations(shared, { migrationsDir })));
      expect(results.flatMap((r) => r.applied).sort()).toEqual(names);
      const rows = await query<{ migration_name: string; n: number }>(
        shared,
        "SELECT migration_name, count(*)::int AS n FROM _prisma_migrations GROUP BY migration_name ORDER BY migration_name",
      );
      expect(rows).toEqual(names.map((name) => ({ migration_name: name, n: 1 })));
    },
    TIMEOUT,
  );

  it(
    "refuse to run when an applied migration's file was edited",
    async () => {
      await query(url, `UPDATE _prisma_migrations SET checksum = repeat('0', 64) WHERE migration_name = '${names[0]}'`);
      await expect(applyMigrations(url, { migrationsDir })).rejects.toThrow(/was changed after it was applied/);
    },
    TIMEOUT,
  );

  it(
    "roll back a failing migration completely",
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "snap-migrations-"));
      try {
        await cp(migrationsDir, dir, { recursive: true });
        await mkdir(path.join(dir, "99999999999999_broken"));
        await writeFile(path.join(dir, "99999999999999_broken", "migration.sql"), 'CREATE TABLE "Half" (id int);\nSELECT 1/0;\n');
        const target = await freshDatabase();
        await expect(applyMigrations(target, { migrationsDir: dir })).rejects.toThrow(/99999999999999_broken failed/);
        const [state] = await query<{ half: string | null; rows: number }>(
          target,
          "SELECT to_regclass('\"Half\"')::text AS half, (SELECT count(*)::int FROM _prisma_migrations) AS rows",
        );
        expect(state).toEqual({ half: null, rows: names.length });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    TIMEOUT,
  );
});
