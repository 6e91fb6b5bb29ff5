import type { Tx } from "@/lib/db/run-transaction";
import type { SnapAccessFacts } from "@/lib/snaps/snap-access";

export interface LockedSnap extends SnapAccessFacts {
  id: string;
}

/**
 * Moves the updatedAt of the given snaps (their cards or lines changed), always forward (at least
 * 1 ms, so a snap's ETag changes with every write even within one millisecond), and returns the access facts
 * of those that exist, keyed by id. The rows are locked in id order: with card rows always locked
 * before snap rows, every writer takes its locks in one global order and none can deadlock another.
 * Called before the access check on purpose: a refused write rolls the whole transaction back.
 */
export async function touchSnaps(tx: Tx, snapIds: readonly string[]): Promise<Map<string, LockedSnap>> {
  const ids = [...new Set(snapIds)];
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<LockedSnap[]>`
    UPDATE "Snap" AS s SET "updatedAt" = GREATEST(now(), s."updatedAt" + interval '1 millisecond')
    FROM (SELECT id FROM "Snap" WHERE id = ANY(${ids}::text[]) ORDER BY id FOR NO KEY UPDATE) AS locked
    WHERE s.id = locked.id
    RETURNING s.id, s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode"`;
  return new Map(rows.map((row) => [row.id, row]));
}
