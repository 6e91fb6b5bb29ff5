/**
 * Development and test tooling, never on the app's start path: compares a live database with
 * prisma/schema.prisma using Prisma's schema engine, and makes throw-away databases to do it in.
 *
 * Why the WebAssembly engine: the Prisma CLI downloads its native schema engine at run time, which
 * cannot happen here (see /work/shared/STACK-NOTES.md, "Prisma 7 without network"), so
 * `prisma migrate diff` fails. The `prisma` package also ships that engine compiled to WebAssembly
 * (prisma/build/schema_engine_bg.wasm), which reaches the database through a driver adapter
 * (@prisma/adapter-pg) instead of a network stack of its own.
 *
 * This drives internal APIs, so every piece is pinned exactly in package.json:
 * - prisma 7.10.1: schema_engine_bg.wasm, engine commit d1b3f377 (the same as @prisma/engines-version).
 * - @prisma/schema-engine-wasm 8.1.0-2.59be4fda…: only its wasm-bindgen JS glue is used. The glue
 *   of commit d1b3f377 is not on the registry; this neighbouring build's wasm has exactly the same
 *   imports and exports, and linking below fails loudly if that ever stops being true.
 * - @prisma/driver-adapter-utils 7.10.1: the version @prisma/adapter-pg 7.10.1 is built on.
 * When upgrading prisma, move the glue to the build whose hash is in
 * node_modules/@prisma/engines-version, then run tests/db/migrations.test.ts.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";
import pg from "pg";

export type { SchemaEngine };

// wasm-bindgen glue holds module-level state: instantiate once per process.
let engineClass: Promise<typeof SchemaEngine> | undefined;

function loadEngineClass(): Promise<typeof SchemaEngine> {
  engineClass ??= (async () => {
    const glue = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const prismaDir = path.dirname(createRequire(import.meta.url).resolve("prisma/package.json"));
    const wasmPath = path.join(prismaDir, "build", "schema_engine_bg.wasm");
    const wasmModule = new WebAssembly.Module(await readFile(wasmPath));
    let instance: WebAssembly.Instance;
    try {
      instance = new WebAssembly.Instance(wasmModule, {
        "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
      });
    } catch (error) {
      throw new Error(`${wasmPath} does not link with @prisma/schema-engine-wasm (versions out of step?)`, {
        cause: error,
      });
    }
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue.SchemaEngine;
  })();
  return engineClass;
}

// The engine's catalog queries return PostgreSQL's one-byte "char" type (oid 18, e.g.
// pg_constraint.contype), which @prisma/adapter-pg 7.10.1 cannot map ("Column type 'char' could not
// be deserialized"). Its text form is a plain one-character string, so relabel it as text (oid 25).
// PostgreSQL 18 (the embedded server's version) also lists NOT NULL constraints in pg_constraint, as type
// "n"; this engine predates that and panics on them. Nullability is read from the columns anyway.
function relabelCharColumns<R>(result: R): R {
  const typed = result as { fields?: pg.FieldDef[]; rows?: unknown[][] } | undefined;
  for (const field of typed?.fields ?? []) {
    if (field.dataTypeID === 18) field.dataTypeID = 25;
  }
  const typeColumn = typed?.fields?.findIndex((field) => field.name === "constraint_type") ?? -1;
  if (typed?.rows && typeColumn >= 0) {
    typed.rows = typed.rows.filter((row) => (Array.isArray(row) ? row[typeColumn] : (row as Record<string, unknown>).constraint_type) !== "n");
  }
  return result;
}

class CatalogFriendlyClient extends pg.Client {
  // pg-pool calls query(text, values, callback); the adapter calls query(config) and awaits it.
  override query(...args: unknown[]): never {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (error: unknown, result: unknown) => callback(error, error ? result : relabelCharColumns(result));
    }
    const returned = (super.query as (...a: unknown[]) => unknown)(...args);
    return (returned instanceof Promise ? returned.then(relabelCharColumns) : returned) as never;
  }
}

/** Runs `run` with a WASM schema engine connected to `databaseUrl`, then closes its connections. */
export async function withSchemaEngine<T>(databaseUrl: string, run: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const Engine = await loadEngineClass();
  // Our own pool, ended below: freeing the engine does not dispose the adapter, and idle
  // connections would delay exit and block DROP DATABASE of a scratch database.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, Client: CatalogFriendlyClient });
  try {
    const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg(pool));
    const engine = await Engine.new({ datamodels: undefined }, () => {}, adapter);
    try {
      return await run(engine);
    } finally {
      engine.free();
    }
  } finally {
    await pool.end();
  }
}

/**
 * The SQL that would bring the database at `databaseUrl` to the state the Prisma schema at
 * `schemaPath` describes; "" when they already match. Reads the database, changes nothing.
 */
export async function diffDatabaseToSchema(databaseUrl: string, schemaPath: string): Promise<string> {
  const files = [{ path: schemaPath, content: await readFile(schemaPath, "utf8") }];
  const result = await withSchemaEngine(databaseUrl, (engine) =>
    engine.diff({
      // "schemaDatasource" means the database behind the adapter; the engine refuses plain URLs.
      from: { tag: "schemaDatasource", files, configDir: path.dirname(schemaPath) },
      to: { tag: "schemaDatamodel", files },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    }),
  );
  const sql = result.stdout ?? "";
  // An in-sync diff still comes back as a comment line ("-- This is an empty migration.").
  return sql.replace(/^\s*--.*$/gm, "").trim() === "" ? "" : sql;
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates an empty database on the server of `serverUrl` (managed through its `postgres`
 * database). The check below refuses a server that would connect to another database than the one
 * made (a pooler mapping every name to one) rather than migrate and drop the wrong one.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`.toLowerCase();
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Unsuitable scratch database name: ${name}`);
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = "/postgres";
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  const drop = async () => {
    await runSql(adminUrl.toString(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };

  await runSql(adminUrl.toString(), `CREATE DATABASE "${name}"`);
  try {
    const [row] = await runSql<{ db: string }>(url.toString(), "SELECT current_database() AS db");
    if (row?.db !== name) throw new Error(`Connected to ${row?.db} instead of the scratch database ${name}`);
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, url: url.toString(), drop };
}

async function runSql<R extends pg.QueryResultRow>(connectionString: string, sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<R>(sql)).rows;
  } finally {
    await client.end();
  }
}
