import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import type { SnapRole } from "@/lib/board-model/snap-roles";
import { MAX_LISTED_SHARED_SNAPS } from "./member-limits";
import type { SharedSnap } from "./member-schemas";

interface SharedRow {
  id: string;
  title: string;
  icon: string | null;
  updatedAt: Date;
  role: SnapRole;
  addedAt: Date;
  ownerId: string;
  ownerName: string | null;
  workspaceId: string;
  workspaceName: string;
}

/**
 * GET /api/snaps/shared-with-me: the snaps the caller is a board member of, newest membership first,
 * whichever workspace they belong to; a guest's whole view of another workspace. The owner's name,
 * never their email.
 */
export async function listSharedWithMe(principal: Principal): Promise<{ snaps: SharedSnap[] }> {
  const rows = await db.$queryRaw<SharedRow[]>`
    SELECT s.id, s.title, s.icon, s."updatedAt", sm.role::text AS role, sm."addedAt", s."userId" AS "ownerId",
      COALESCE(o.name, split_part(o.email, '@', 1)) AS "ownerName", w.id AS "workspaceId", w.name AS "workspaceName"
    FROM "SnapMember" AS sm JOIN "Snap" AS s ON s.id = sm."snapId" JOIN "User" AS o ON o.id = s."userId" JOIN "Workspace" AS w ON w.id = s."workspaceId"
    WHERE sm."userId" = ${principal.userId}
    ORDER BY sm."addedAt" DESC, s.id LIMIT ${MAX_LISTED_SHARED_SNAPS}`;
  return {
    snaps: rows.map((row) => ({
      id: row.id,
      title: row.title,
      icon: row.icon,
      updatedAt: row.updatedAt.toISOString(),
      role: row.role,
      addedAt: row.addedAt.toISOString(),
      owner: { id: row.ownerId, name: row.ownerName },
      workspace: { id: row.workspaceId, name: row.workspaceName },
      guest: row.workspaceId !== principal.workspaceId,
    })),
  };
}
