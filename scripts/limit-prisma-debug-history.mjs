// Prisma's debug module keeps the arguments of its last 100 debug calls for crash reports, whether
// or not DEBUG is set, and the calls around a query hold its parameters: after a few many-card
// changes (megabytes of JSON each) those histories held 200 MB and ran a 256 MB heap out
// (docs/SECURITY.md, "Large bodies"). This rewrites each copy the server loads (the client's
// runtime bundles one; the pg driver adapter uses @prisma/debug) to keep no history; debug output
// itself is untouched. Run at install (package.json's postinstall), before any build. It fails
// when a copy no longer reads as expected, so that an upgrade is looked at.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const clientRuntime = dirname(require.resolve("@prisma/client/runtime/client"));
const adapterDebug = dirname(createRequire(require.resolve("@prisma/adapter-pg")).resolve("@prisma/debug"));

/** Each copy, with the pattern of its history's bound as shipped and as rewritten. */
const copies = [
  ...["client.js", "client.mjs"].map((file) => ({
    path: join(clientRuntime, file),
    // `history.push([namespace, ...args]), history.length > MAX && history.shift()`, minified.
    shipped: /(&&([\w$]+)\.push\(\[\w+,\.\.\.\w+\]\),\2\.length>)[\w$]+(&&\2\.shift\(\))/,
    rewritten: /&&([\w$]+)\.push\(\[\w+,\.\.\.\w+\]\),\1\.length>0&&\1\.shift\(\)/,
    rewrite: (_match, head, _history, tail) => `${head}0${tail}`,
  })),
  ...["index.js", "index.mjs"].map((file) => ({
    path: join(adapterDebug, file),
    shipped: /\bvar MAX_ARGS_HISTORY = \d+;/,
    rewritten: /\bvar MAX_ARGS_HISTORY = 0;/,
    rewrite: () => "var MAX_ARGS_HISTORY = 0;",
  })),
];

let failed = false;
for (const { path, shipped, rewritten, rewrite } of copies) {
  const source = readFileSync(path, "utf8");
  if (rewritten.test(source)) continue;
  if (!shipped.test(source)) {
    console.error(`limit-prisma-debug-history: ${path} no longer bounds its debug history as expected; check the new version`);
    failed = true;
    continue;
  }
  writeFileSync(path, source.replace(shipped, rewrite));
}
process.exit(failed ? 1 : 0);
