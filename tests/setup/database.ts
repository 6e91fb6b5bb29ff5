import type { TestProject } from "vitest/node";
import { resolveDatabaseUrl } from "../../lib/db/embedded";
import { applyMigrations } from "../../lib/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * Global setup of the database tests: DATABASE_URL's server, else the embedded PostgreSQL (the
 * running one, or one started for the run), migrated. Both are a real PostgreSQL server, so every
 * test runs on either, and scratch databases are made on it.
 */
export default async function setup(project: TestProject) {
  const database = await resolveDatabaseUrl();
  await applyMigrations(database.url);
  project.provide("databaseUrl", database.url);
  return () => database.stop();
}
