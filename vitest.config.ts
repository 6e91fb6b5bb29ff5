import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "@": fileURLToPath(new URL("./", import.meta.url)) };

/**
 * Three projects: unit tests (no I/O), database tests (a real PostgreSQL: DATABASE_URL's, else the
 * embedded one, tests/setup/database.ts), and API tests over real HTTP against the production build
 * started once by tests/setup/server.ts.
 */
export default defineConfig({
  resolve: { alias },
  test: {
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
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/setup/server.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
