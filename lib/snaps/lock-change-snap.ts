import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import { snapMembersColumnSql, type SnapAccessFacts } from "@/lib/board-model/snap-access";
import type { SnapVersion } from "@/lib/board-model/snap-version";

/** The snap a change writes to, locked: its access facts, version and ETag inputs as they stand. */
export interface ChangeSnap {
  facts: SnapAccessFacts;
  version: number;
  etagOf: SnapVersion;
}

interface LockedRow extends SnapAccessFacts {
  version: number;
  updatedAt: Date;
  folderId: string | null;
  folderName: string | null;
}

/**
 * Locks the snap of a change (after its cards and lines: the global lock order) and reads what the
 * change is checked against: who may edit it, and its version and ETag for a conditional change.
 * NO KEY: the change's own inserts reference the snap. Null when the snap does not exist.
 */
export async function lockChangeSnap(tx: Tx, snapId: string): Promise<ChangeSnap | null> {
  const [row] = await tx.$queryRaw<LockedRow[]>`
    SELECT s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode"::text AS "shareMode", ${snapMembersColumnSql("s")}, s.version, s."updatedAt", s."folderId", f.name AS "folderName"
    FROM "Snap" AS s LEFT JOIN "Folder" AS f ON f.id = s."folderId" WHERE s.id = ${snapId} FOR NO KEY UPDATE OF s`;
  if (!row) return null;
  const { version, updatedAt, folderId, folderName, ...facts } = row;
  return { facts, version, etagOf: { id: snapId, updatedAt, folderId, folder: folderName === null ? null : { name: folderName } } };
}
