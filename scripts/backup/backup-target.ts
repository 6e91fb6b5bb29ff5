import { spawn } from "node:child_process";
import path from "node:path";
import { DEFAULT_DATA_DIR, PROJECT_ROOT } from "../../lib/db/embedded";

/**
 * What npm run backup / restore work on: the same database the app uses (see scripts/start.ts), over
 * DATABASE_DIRECT_URL when set: pg_dump's settings and snapshot, and pg_restore's single
 * transaction, need a session of their own, which a pooler in transaction mode does not keep.
 */
export type BackupTarget = { kind: "server"; url: string } | { kind: "embedded"; dataDir: string };

export function backupTarget(env: Readonly<Record<string, string | undefined>> = process.env): BackupTarget {
  const url = env.DATABASE_URL ? env.DATABASE_DIRECT_URL || env.DATABASE_URL : undefined;
  return url ? { kind: "server", url } : { kind: "embedded", dataDir: DEFAULT_DATA_DIR };
}

/** backups/<UTC timestamp><suffix> in the project (gitignored). */
export function defaultBackupPath(suffix: string, now = new Date()): string {
  return path.join(PROJECT_ROOT, "backups", `${now.toISOString().replace(/[:.]/g, "-")}${suffix}`);
}

/**
 * Runs pg_dump / pg_restore on DATABASE_URL. The password goes in PGPASSWORD rather than on the
 * command line, where any local user could read it in the process list.
 */
export async function runPgTool(tool: "pg_dump" | "pg_restore", args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const child = spawn(tool, [...args, "--dbname", url.toString()], {
    stdio: ["ignore", "inherit", "inherit"],
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`${tool} failed with exit code ${code}`);
}
