import "server-only";
import { pool } from "@/lib/db/pool";
import { fileObjectKeys } from "./file-storage";
import { fileStorage } from "./file-storage-from-config";

/**
 * Deletes from the storage the objects of deleted files (queued in FileObjectDeletion by the File
 * row's trigger), then their queue rows: `objectIds`, or the oldest queued ones. Objects another
 * file row still shares (a duplicate's) stay; that row's own deletion queues them again. Answers
 * how many queue rows it took. On pg, not Prisma: the job worker runs it too (docs/ARCHITECTURE.md,
 * "Job worker").
 */
export async function deleteQueuedFileObjects(objectIds?: readonly string[], limit = 500): Promise<number> {
  const { rows } = await pool.query<{ objectId: string; renditions: boolean; shared: boolean }>(
    `SELECT q."objectId", q.renditions, EXISTS (SELECT 1 FROM "File" f WHERE f."objectId" = q."objectId") AS shared
     FROM "FileObjectDeletion" q WHERE $1::text[] IS NULL OR q."objectId" = ANY($1::text[]) ORDER BY q."createdAt" LIMIT $2`,
    [objectIds ?? null, limit],
  );
  if (rows.length === 0) return 0;
  const unshared = rows.filter((row) => !row.shared);
  await fileStorage().delete(unshared.flatMap(({ objectId, renditions }) => fileObjectKeys(objectId, renditions)));
  await pool.query(`DELETE FROM "FileObjectDeletion" WHERE "objectId" = ANY($1::text[])`, [rows.map(({ objectId }) => objectId)]);
  return rows.length;
}
