// Generates the Prisma client at install time. The CLI wants a schema engine binary even though
// `generate` never runs it, and that binary cannot be downloaded offline: point it at any file.
import { spawnSync } from "node:child_process";

const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
const result = spawnSync("prisma", ["generate"], { stdio: "inherit", env, shell: process.platform === "win32" });
process.exit(result.status ?? 1);
