import { defineConfig } from "prisma/config";

// Prisma 7 reads no .env by itself. Only `generate`, `validate` and `format` are used from the CLI;
// migrations are committed SQL applied by lib/db/migrate.ts (see docs/ARCHITECTURE.md).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
