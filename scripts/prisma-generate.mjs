// Generates the Prisma client at install time. The CLI wants a schema engine binary even though
// `generate` never runs it, and that binary cannot be downloaded offline: point it at any file.
// The CLI is run from its installed entry point with this Node.js, so it works whether or not
// node_modules/.bin is on PATH (plain `node scripts/prisma-generate.mjs` as well as npm's postinstall).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const prismaCli = createRequire(import.meta.url).resolve("prisma/build/index.js");
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
const result = spawnSync(process.execPath, [prismaCli, "generate"], { stdio: "inherit", env });
if (result.error) console.error(`prisma generate could not start: ${result.error.message}`);
process.exit(result.status ?? 1);
