/**
 * `npm start`: compiles the launcher (scripts/start.ts and the lib/db files it imports) and the job
 * worker (scripts/job-worker.ts) into plain ES modules with esbuild when one of their sources
 * changed, then runs the launcher in this same process. So the process that stays up beside the app
 * holds no TypeScript loader, and there is no second Node process waiting on it (docs/PERFORMANCE.md,
 * "Design decisions"). `--job-worker` runs the job worker instead: the launcher starts
 * itself that way beside the app.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
// One compiled launcher per checkout: it carries its checkout's path (the define below), and
// checkouts that share one node_modules (a symlink) would otherwise all run the last one compiled.
const checkout = createHash("sha256").update(root).digest("hex").slice(0, 12);
/**
 * A deployment without the sources (the container image, Containerfile) carries the launcher
 * compiled beforehand in launcher/ (scripts/compile-launcher-bundle.mjs).
 */
const prebuilt = !existsSync(path.join(root, "scripts", "start.ts"));
const outdir = prebuilt ? path.join(root, "launcher") : path.join(root, "node_modules", ".cache", "snap-launcher", checkout);
const entryPoints = { start: "scripts/start.ts", "job-worker": "scripts/job-worker.ts" };
const outfiles = Object.keys(entryPoints).map((name) => path.join(outdir, `${name}.mjs`));
const inputsFile = path.join(outdir, "inputs.json");

function isStale() {
  if (prebuilt) return false;
  if (![...outfiles, inputsFile].every((file) => existsSync(file))) return true;
  const builtAt = Math.min(...outfiles.map((file) => statSync(file).mtimeMs));
  const inputs = JSON.parse(readFileSync(inputsFile, "utf8"));
  return inputs.some((input) => !existsSync(path.join(root, input)) || statSync(path.join(root, input)).mtimeMs > builtAt);
}

/**
 * `server-only` marks lib modules that must never reach a browser bundle; in a Node process of its
 * own it is an empty module (what Next's server build resolves it to), not the throwing default.
 */
const emptyServerOnly = {
  name: "empty-server-only",
  setup(build) {
    build.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    build.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
  },
};

if (isStale()) {
  const esbuild = await import("esbuild");
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints,
      outdir,
      outExtension: { ".js": ".mjs" },
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external", // pg and the rest load from node_modules as usual
      metafile: true,
      write: false, // written below by rename: two launchers started together never read half a file
      logLevel: "warning",
      // lib/db/embedded*.ts locate the project and its packages from their own URL: keep it theirs.
      define: { "import.meta.url": JSON.stringify(pathToFileURL(path.join(root, "lib", "db", "embedded.ts")).href) },
      plugins: [emptyServerOnly],
    });
    mkdirSync(outdir, { recursive: true });
    const writeAtomically = (file, contents) => {
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, contents);
      renameSync(temporary, file);
    };
    for (const output of result.outputFiles) writeAtomically(output.path, output.contents);
    const sourceFiles = Object.keys(result.metafile.inputs).filter((input) => existsSync(path.join(root, input))); // not the empty module
    writeAtomically(inputsFile, JSON.stringify([...sourceFiles, "package.json"]));
  } finally {
    await esbuild.stop(); // its service process would otherwise live as long as this one
  }
}
try {
  await import(pathToFileURL(path.join(outdir, process.argv.includes("--job-worker") ? "job-worker.mjs" : "start.mjs")).href);
} catch (error) {
  // A variable with a value it does not accept (lib/config.ts): its message says which, and what it accepts.
  if (error?.name !== "ConfigError") throw error;
  console.error(`[start] ${error.message}`);
  process.exit(1);
}
