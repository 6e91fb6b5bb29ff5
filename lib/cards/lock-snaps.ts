import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import type { SnapAccessFacts } from "@/lib/board-model/snap-access";
import { snapMembersColumnSql } from "@/lib/board-model/snap-access";

export interface LockedSnap extends SnapAccessFacts {
  id: string;
}

/**
 * Locks the given snaps (before cards are inserted into them) and returns the access facts of those
 * that exist, keyed by id. Rows are locked in id order: every writer takes its locks in one global
 * order (cards, lines, snaps) and none can deadlock another. NO KEY: card inserts elsewhere may
 * still reference the snaps. Their version and updatedAt move later, in recordSnapChanges.
 */
export async function lockSnaps(tx: Tx, snapIds: readonly string[]): Promise<Map<string, LockedSnap>> {
  const ids = [...new Set(snapIds)];
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<LockedSnap[]>`
    SELECT s.id, s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode", ${snapMembersColumnSql("s")}
    FROM "Snap" AS s WHERE s. id = ANY(${ids}::text[]) ORDER BY id FOR NO KEY UPDATE`;
  return new Map(rows.map((row) => [row.id, row]));
}
