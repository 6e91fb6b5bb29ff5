import "server-only";
import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";
import { pool } from "@/lib/db/pool";
import { deleteQueuedFileObjects } from "./delete-queued-file-objects";
import { fileStorage } from "./file-storage-from-config";

const BATCH = 500;
/** An upload's temporary file older than this belongs to a process that died mid-upload. */
const STALE_INCOMING_MS = 60 * 60 * 1000;

/**
 * The job queue's `file-sweep` (lib/jobs): deletes files that no card of their snap and no kept
 * history version of it refers to (by id: an image card's title, an attachment), once they are
 * FILE_ORPHAN_GRACE_HOURS old, so that restoring a version brings its files back while it is
 * kept; then the storage objects of every deleted file, and uploads' temporary files left by a
 * process that died. Answers how many files it deleted.
 */
export async function sweepFiles(): Promise<number> {
  const graceHours = config().FILE_ORPHAN_GRACE_HOURS;
  let deleted = 0;
  for (;;) {
    const { rowCount } = await pool.query(ORPHANS_DELETE_SQL, [graceHours, BATCH]);
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH) break;
  }
  while ((await deleteQueuedFileObjects(undefined, BATCH)) === BATCH);
  await removeStaleIncoming(fileStorage().incomingDir);
  return deleted;
}

const ORPHANS_DELETE_SQL = `
  DELETE FROM "File" WHERE id IN (
    SELECT f.id FROM "File" f
    WHERE f."createdAt" < now() - make_interval(hours => $1::int)
      AND NOT EXISTS (SELECT 1 FROM "Card" c WHERE c."snapId" = f."snapId" AND (strpos(c.title, f.id) > 0 OR c."attachments" @> jsonb_build_array(jsonb_build_object('id', f.id))))
      AND NOT EXISTS (SELECT 1 FROM "SnapHistory" h WHERE h."snapId" = f."snapId" AND strpos(h.change::text, f.id) > 0)
    ORDER BY f."createdAt"
    LIMIT $2
  )`;

async function removeStaleIncoming(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && Date.now() - info.mtimeMs > STALE_INCOMING_MS) await unlink(file).catch(() => {});
  }
}
