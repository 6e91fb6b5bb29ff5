/**
 * `npm run db:migrate`: applies the committed migrations to DATABASE_DIRECT_URL (else DATABASE_URL)
 * and exits: what `npm start` does first, as a step of its own (the Kubernetes migration Job,
 * deploy/kubernetes; in the container image `node launcher/migrate.mjs`). Several at once are safe:
 * the migrations' advisory lock lets one apply them while the others wait.
 */
import { applyMigrations } from "../lib/db/migrate.ts";

const url = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL;
if (!url) {
  console.error("[migrate] DATABASE_URL (or DATABASE_DIRECT_URL) must name the database");
  process.exit(1);
}
try {
  await applyMigrations(url, { log: (line) => console.log(`[migrate] ${line}`) });
  console.log("[migrate] the database is up to date");
} catch (error) {
  console.error("[migrate]", error instanceof Error ? error.message : error);
  process.exit(1);
}
