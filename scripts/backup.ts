/**
 * `npm run backup [-- <path>]`: a copy of the app's database, by default in backups/ (gitignored).
 * - DATABASE_URL set: `pg_dump --format=custom` (one consistent snapshot, taken while the app runs)
 *   to <path>, default backups/<timestamp>.dump.
 * - Unset: the embedded database's data folder copied to <path>, default backups/<timestamp>-postgres/.
 *   The binaries npm installs ship no pg_dump, and a running server's files are not a consistent
 *   copy, so stop the app first; the command refuses while a server runs on the folder.
 * Restore with `npm run restore -- <path>`. Exit code 0 done, 1 failed (one line on stderr).
 */
import { cp, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { withEmbeddedDataDirClaimed } from "../lib/db/embedded";
import { backupTarget, defaultBackupPath, runPgTool } from "./backup/backup-target";

async function backup(destination: string | undefined): Promise<string> {
  const target = backupTarget();
  if (target.kind === "server") {
    const file = path.resolve(destination ?? defaultBackupPath(".dump"));
    await mkdir(path.dirname(file), { recursive: true });
    await runPgTool("pg_dump", ["--format=custom", "--file", file], target.url);
    return file;
  }
  const folder = path.resolve(destination ?? defaultBackupPath("-postgres"));
  if (existsSync(folder)) throw new Error(`${folder} already exists; name a new folder`);
  if (!existsSync(target.dataDir)) throw new Error(`no embedded database at ${target.dataDir}`);
  await withEmbeddedDataDirClaimed(target.dataDir, () => cp(target.dataDir, folder, { recursive: true, errorOnExist: true }));
  return folder;
}

backup(process.argv[2]).then(
  (written) => console.log(written),
  (error: unknown) => {
    console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
