/**
 * `npm run restore -- <path>`: replaces the app's database with a backup made by `npm run backup`.
 * - DATABASE_URL set: `pg_restore --clean --if-exists` of the .dump file in one transaction, so a
 *   failed restore leaves the database as it was. The database may be empty or a previous state.
 * - Unset: the backup folder becomes the embedded database's data folder (copied beside it, then
 *   swapped in by renames). Stop the app first; the command refuses while a server runs on it.
 * Exit code 0 done, 1 failed (one line on stderr).
 */
import { cp, rename, rm, stat } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { giveDataDirToServer, withEmbeddedDataDirClaimed } from "../lib/db/embedded";
import { backupTarget, runPgTool } from "./backup/backup-target";

async function restore(source: string | undefined): Promise<string> {
  if (!source) throw new Error("name the backup to restore: npm run restore -- <path>");
  const from = path.resolve(source);
  const isFolder = (await stat(from)).isDirectory();
  const target = backupTarget();
  if (target.kind === "server") {
    if (isFolder) throw new Error(`${from} is an embedded database folder; DATABASE_URL names a server (unset it to restore the embedded database)`);
    await runPgTool("pg_restore", ["--clean", "--if-exists", "--no-owner", "--single-transaction", "--exit-on-error", from], target.url);
    return `restored ${from} into the database of DATABASE_URL`;
  }
  if (!isFolder) throw new Error(`${from} is a pg_dump file; set DATABASE_URL to the server to restore it into`);
  const dataDir = target.dataDir;
  await withEmbeddedDataDirClaimed(dataDir, async () => {
    const incoming = `${dataDir}.restoring`;
    const outgoing = `${dataDir}.replaced`;
    await rm(incoming, { recursive: true, force: true });
    await cp(from, incoming, { recursive: true });
    await rm(outgoing, { recursive: true, force: true });
    if (existsSync(dataDir)) await rename(dataDir, outgoing);
    giveDataDirToServer(incoming); // copied as root, the files are root's: hand them back
    await rename(incoming, dataDir);
    await rm(outgoing, { recursive: true, force: true });
  });
  return `restored ${from} into ${dataDir}`;
}

restore(process.argv[2]).then(
  (message) => console.log(message),
  (error: unknown) => {
    console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
