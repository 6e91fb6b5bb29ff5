/**
 * The UI's reach into lib/ (docs/ARCHITECTURE.md, "Layers"), kept by `npm run lint`; the same
 * dependency graph feeds scripts/check-lib-layers.mjs, which keeps lib's modules importing one way.
 */

/** lib's server modules (the database, secrets, sessions, logs): the browser never loads them. */
const SERVER_LIB =
  "^lib/(db|auth|log|rate-limit|security|metrics|mcp|cache|health|live|webhooks|audit|events|history|request|search/(?!search-schemas|fold-search-text|parse-search-text)|board-model/(snap-access|find-snap-detail|card-columns-sql)|config[.]ts)";

module.exports = {
  forbidden: [
    {
      name: "components-reach-only-shared-lib",
      severity: "error",
      comment: "components/ is UI only: it takes lib's browser-safe parts (schemas, constants, board-look, card types) and types, never a server module.",
      from: { path: "^components/" },
      to: { path: SERVER_LIB, dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^lib/db/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
