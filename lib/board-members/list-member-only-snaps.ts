import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import type { SnapRole } from "@/lib/board-model/snap-roles";
import { MAX_LISTED_SHARED_SNAPS } from "./member-limits";

export interface MemberOnlySnap {
  id: string;
  title: string;
  subtitle: string | null;
  updatedAt: Date;
  role: SnapRole;
}

/**
 * The snaps the caller reads only as a board member, which the workspace listing leaves out: another
 * workspace's, or a colleague's board not shared with the workspace. Oldest membership first (a
 * stable order for MCP's resources/list, which lists them after the workspace's boards), at most
 * MAX_LISTED_SHARED_SNAPS.
 */
export async function listMemberOnlySnaps(principal: Principal): Promise<MemberOnlySnap[]> {
  return db.$queryRaw<MemberOnlySnap[]>`
    SELECT s.id, s.title, s.subtitle, s."updatedAt", sm.role::text AS role
    FROM "SnapMember" AS sm JOIN "Snap" AS s ON s.id = sm."snapId"
    WHERE sm."userId" = ${principal.userId} AND s."userId" <> ${principal.userId}
      AND NOT (s."workspaceId" = ${principal.workspaceId} AND s."sharedWithWorkspace")
    ORDER BY sm."addedAt", s.id LIMIT ${MAX_LISTED_SHARED_SNAPS}`;
}
