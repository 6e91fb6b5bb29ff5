import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  globalIgnores([".next*/**", "node_modules/**", "data/**", "lib/db/generated/**", "next-env.d.ts", "test-results/**", "playwright-report/**"]),
  {
    // lib is shared by handlers, pages and scripts: it must never reach up into the UI layers.
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/app/*", "@/components/*", "**/app/*", "**/components/*"], message: "lib never imports from app/ or components/." }] }],
    },
  },
  {
    // Tests read arbitrary JSON response bodies; typing each one would add noise, not safety.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // components are UI only: data reaches them through lib or the API, never raw Prisma.
    files: ["components/**/*.tsx", "components/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/lib/db/*", "**/lib/db/*"], message: "components never touch the database." }] }],
    },
  },
]);
