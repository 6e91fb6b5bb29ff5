import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/** lib folders whose modules run on the server only: they touch the database, secrets, or Node. */
const SERVER_LIB_FOLDERS = [
  "db",
  "auth",
  "log",
  "rate-limit",
  "security",
  "metrics",
  "mcp",
  "cache",
  "health",
  "live",
  "webhooks",
  "audit",
  "events",
  "history",
  "request",
];
/** Server files in lib folders whose other files are browser-safe shapes (lib/board-model's schemas and constants). */
const SERVER_LIB_FILES = ["board-model/snap-access", "board-model/find-snap-detail", "board-model/card-columns-sql"];
/** Packages that run on the server only. */
const SERVER_PACKAGES = [
  "server-only",
  "pg",
  "@prisma/client",
  "@prisma/adapter-pg",
  "bcrypt",
  "ioredis",
  "pino",
  "graphile-worker",
  "standardwebhooks",
  "prom-client",
  "next/headers",
];

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  globalIgnores([
    ".next*/**",
    "bench/next-floor/.next/**",
    "node_modules/**",
    "sdk/dist/**",
    "sdk/src/generated/**",
    "data/**",
    "lib/db/generated/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
  ]),
  {
    // lib is shared by handlers, pages and scripts: it must never reach up into the UI layers.
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/app/*", "@/components/*", "**/app/*", "**/components/*"], message: "lib never imports from app/ or components/." }] },
      ],
    },
  },
  {
    // Tests read arbitrary JSON response bodies; typing each one would add noise, not safety.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Client code (components/, and the error pages Next always renders in the browser) is UI only:
    // data reaches it through the API or a server component's props. It may import lib's plain data
    // (schemas, constants, the card-type registry, board-look), and types from anywhere; never a
    // server module, which would either fail the build (`server-only`) or ship server code and its
    // secrets' names to the browser. docs/ARCHITECTURE.md, "Server and client code".
    files: ["components/**/*.ts", "components/**/*.tsx", "app/**/error.tsx", "app/**/global-error.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: SERVER_PACKAGES.map((name) => ({
            name,
            message: "Server-only package: client code reaches the server through the API.",
            allowTypeImports: true,
          })),
          patterns: [
            {
              group: [
                ...SERVER_LIB_FOLDERS.flatMap((folder) => [`@/lib/${folder}/*`, `**/lib/${folder}/*`]),
                ...SERVER_LIB_FILES.flatMap((file) => [`@/lib/${file}`, `**/lib/${file}`]),
              ],
              message: "A server module (database, sessions and keys, logs, limits, secrets): client code gets its data from the API or from props.",
              allowTypeImports: true,
            },
            { group: ["node:*"], message: "Node's modules do not exist in the browser.", allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    // The environment is read once, checked, in lib/config.ts (docs/CONFIGURATION.md); scripts,
    // tests, benches and config files read their own.
    files: ["app/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "proxy.ts", "instrumentation.ts", "instrumentation-node.ts"],
    ignores: ["lib/config.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through lib/config.ts (config(), or runtime for Node's and Next's own variables)." },
      ],
    },
  },
]);
