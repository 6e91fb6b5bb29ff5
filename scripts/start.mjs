/**
 * `npm start`: compiles the launcher (scripts/start.ts and the lib/db files it imports) into one
 * plain ES module with esbuild when one of its sources changed, then runs it in this same process.
 * So the process that stays up beside the app holds no TypeScript loader, and there is no second
 * Node process waiting on it (docs/PERFORMANCE.md, "Memory of the whole install").
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
// One compiled launcher per checkout: it carries its checkout's path (the define below), and
// checkouts that share one node_modules (a symlink) would otherwise all run the last one compiled.
const checkout = createHash("sha256").update(root).digest("hex").slice(0, 12);
const outfile = path.join(root, "node_modules", ".cache", "snap-launcher", checkout, "start.mjs");
const inputsFile = `${outfile}.inputs.json`;

function isStale() {
  if (!existsSync(outfile) || !existsSync(inputsFile)) return true;
  const builtAt = statSync(outfile).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, "utf8"));
  return inputs.some((input) => !existsSync(path.join(root, input)) || statSync(path.join(root, input)).mtimeMs > builtAt);
}

if (isStale()) {
  const esbuild = await import("esbuild");
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ["scripts/start.ts"],
      outfile,
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
    });
    mkdirSync(path.dirname(outfile), { recursive: true });
    const writeAtomically = (file, contents) => {
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, contents);
      renameSync(temporary, file);
    };
    writeAtomically(outfile, result.outputFiles[0].contents);
    writeAtomically(inputsFile, JSON.stringify([...Object.keys(result.metafile.inputs), "package.json"]));
  } finally {
    await esbuild.stop(); // its service process would otherwise live as long as this one
  }
}
await import(pathToFileURL(outfile).href);
