import "server-only";
import type { Principal } from "@/lib/request/principal";
import type { Tx } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { assertSnapAccess, snapMembersColumnSql, type SnapAccess, type SnapAccessFacts } from "@/lib/board-model/snap-access";

export interface LockedSnapForMembers extends SnapAccessFacts {
  id: string;
  title: string;
}

/**
 * The snap's row locked (NO KEY: cards may still reference it) with its access facts, after checking
 * the caller's access: 404 if it does not exist, 403 if not allowed. Member changes of one snap run one
 * at a time, so the caps hold and a role change cannot race a removal.
 */
export async function lockSnapForMembers(tx: Tx, principal: Principal, snapId: string, needed: SnapAccess | null): Promise<LockedSnapForMembers> {
  const [snap] = await tx.$queryRaw<LockedSnapForMembers[]>`
    SELECT s.id, s.title, s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode"::text AS "shareMode", ${snapMembersColumnSql("s")}
    FROM "Snap" AS s WHERE s.id = ${snapId} FOR NO KEY UPDATE`;
  if (!snap) throw new ApiError("NOT_FOUND", "Snap not found");
  if (needed) assertSnapAccess(principal, snap, needed);
  return snap;
}
