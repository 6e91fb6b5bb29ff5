import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { resolveDatabaseUrl } from "../../lib/db/embedded";
import { applyMigrations } from "../../lib/db/migrate";
import { ensureBuild } from "../../scripts/ensure-build";
import { startAppServer } from "./app-server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    authSecret: string;
  }
}

/**
 * Global setup of the API tests: the real database (DATABASE_URL, else the embedded one),
 * migrated; the production build, built when stale; `next start` on a free port.
 */
export default async function setup(project: TestProject) {
  const database = await resolveDatabaseUrl();
  await applyMigrations(database.url);
  await ensureBuild({ log: (line) => console.log(`[test setup] ${line}`) });

  const authSecret = randomBytes(32).toString("base64url");
  const server = await startAppServer({ databaseUrl: database.url, authSecret });
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", database.url);
  project.provide("authSecret", authSecret);

  return async () => {
    await server.stop();
    await database.stop();
  };
}
