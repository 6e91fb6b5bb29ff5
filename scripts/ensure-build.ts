import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** What a production build is made from: a newer file here makes the build stale. */
const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "next.config.mjs",
  "proxy.ts",
  "instrumentation.ts",
  "instrumentation-node.ts",
  "package.json",
  "tsconfig.json",
  "postcss.config.mjs",
  "prisma/schema.prisma",
];
/**
 * lib/db/generated is rewritten by every install; it follows schema.prisma, which is watched. The
 * embedded database's files are the launcher's (scripts/start.mjs compiles them itself): the app
 * never imports them, so a change there needs no new build.
 */
const IGNORED = new Set([
  join("lib", "db", "generated"),
  join("lib", "db", "embedded.ts"),
  join("lib", "db", "embedded-binaries.ts"),
  join("lib", "db", "embedded-state-file.ts"),
  "node_modules",
]);
/** Read when asked, not at import: the benches set NEXT_DIST_DIR after their imports have run. */
const buildIdPath = () => join(process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");

function newestMtime(path: string): number {
  if (IGNORED.has(path) || !existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Why a build must be made again (by default the app's in NEXT_DIST_DIR), or null when it is up to date with its sources. */
export function staleBuildReason(sources = SOURCES, buildId = buildIdPath()): string | null {
  if (!existsSync(buildId)) return "no production build yet";
  const builtAt = statSync(buildId).mtimeMs;
  const changed = sources.find((source) => newestMtime(source) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

/** Runs `next build` when the production build is missing or older than its sources. */
export async function ensureBuild(options: { log?: (line: string) => void } = {}): Promise<void> {
  const reason = staleBuildReason();
  if (!reason) return;
  options.log?.(`building the app (${reason})…`);
  const result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error(`next build failed with exit code ${result.status}`);
}
