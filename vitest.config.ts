import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { FAST_TEST_HASHING } from "./tests/setup/app-server";

/**
 * `server-only` throws outside a react-server build; tests run lib's server modules in plain Node,
 * so it resolves to the package's empty module here (docs/ARCHITECTURE.md, "Server and client code").
 */
const alias = {
  "@": fileURLToPath(new URL("./", import.meta.url)),
  "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
};

/**
 * Test files run this many at a time. Much of an API test's time is spent waiting for the server,
 * the database or a child process, so Vitest's default (one fewer than the cores: one file at a time
 * on a 2-core machine) left a core idle; 4 at a time on 2 busy cores added contention and import
 * work for little more. Every file uses users and data of its own (docs/CODE_STYLE.md, "Tests").
 * VITEST_MAX_WORKERS overrides it.
 */
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(3, availableParallelism());

/**
 * Three projects: unit tests (no I/O), database tests (a real PostgreSQL: DATABASE_URL's, else the
 * embedded one, tests/setup/database.ts), and API tests over real HTTP against the production build
 * started once by tests/setup/server.ts.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers,
    // Also for what test files start themselves (the launcher, more app servers) and lib called in process.
    env: FAST_TEST_HASHING,
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      {
        resolve: { alias },
        test: { name: "db", include: ["tests/db/**/*.test.ts"], globalSetup: ["tests/setup/database.ts"], testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          // The files of a worker share its module cache instead of importing lib and the helpers
          // again each (71 s of imports per run, 17 s shared): they talk to the server over HTTP, and
          // what they hold (pools, agents) is made per file (docs/CODE_STYLE.md, "Tests").
          isolate: false,
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/setup/server.ts"],
          // Bounds a hang only: with several files at a time on a busy 2-core machine, a test of a
          // few hundred requests can take more than the 30 s that were enough one file at a time.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
