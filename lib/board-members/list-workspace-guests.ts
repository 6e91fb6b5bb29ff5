import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import type { SnapRole } from "@/lib/board-model/snap-roles";
import { assertWorkspaceAdmin } from "@/lib/workspaces/lock-workspace-members";

interface GuestRow {
  userId: string;
  name: string | null;
  email: string;
  snapId: string;
  title: string;
  role: SnapRole;
  addedAt: Date;
}

/**
 * GET /api/workspace/guests: admins only (403). Every board member of the workspace's snaps who is
 * not a member of the workspace, with the boards they are on: private snaps included, since an admin
 * answers for who outside the workspace sees any of it.
 */
export async function listWorkspaceGuests(principal: Principal) {
  assertWorkspaceAdmin(principal, "list guests");
  const rows = await db.$queryRaw<GuestRow[]>`
    SELECT u.id AS "userId", u.name, u.email, s.id AS "snapId", s.title, sm.role::text AS role, sm."addedAt"
    FROM "SnapMember" AS sm JOIN "Snap" AS s ON s.id = sm."snapId" JOIN "User" AS u ON u.id = sm."userId"
      LEFT JOIN "Membership" AS m ON m."userId" = sm."userId"
    WHERE s."workspaceId" = ${principal.workspaceId} AND m."workspaceId" IS DISTINCT FROM ${principal.workspaceId}
    ORDER BY u.email, sm."addedAt", s.id`;
  const guests = new Map<
    string,
    { user: { id: string; name: string | null; email: string }; snaps: { id: string; title: string; role: SnapRole; addedAt: string }[] }
  >();
  for (const row of rows) {
    const guest = guests.get(row.userId) ?? { user: { id: row.userId, name: row.name, email: row.email }, snaps: [] };
    guest.snaps.push({ id: row.snapId, title: row.title, role: row.role, addedAt: row.addedAt.toISOString() });
    guests.set(row.userId, guest);
  }
  return { guests: [...guests.values()] };
}
