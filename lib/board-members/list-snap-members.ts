import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { getSnapAccessOrThrow, hasSnapAccess } from "@/lib/board-model/snap-access";
import type { SnapRole } from "@/lib/board-model/snap-roles";
import type { SnapMember, SnapMembersResponse } from "./member-schemas";

interface MemberRow {
  userId: string;
  name: string | null;
  email: string;
  role: SnapRole;
  guest: boolean;
  addedAt: Date;
  addedById: string | null;
  addedByName: string | null;
}

/**
 * GET /api/snaps/:id/members: whoever reads the snap sees who else is on it (names and roles, as a
 * document's people list shows); emails and the pending invitations only to those who manage it.
 */
export async function listSnapMembers(principal: Principal, snapId: string): Promise<SnapMembersResponse> {
  const facts = await getSnapAccessOrThrow(principal, snapId, "read");
  const manages = hasSnapAccess(principal, facts, "manage");
  const rows = await db.$queryRaw<MemberRow[]>`
    SELECT sm."userId", u.name, u.email, sm.role::text AS role, (m."workspaceId" IS DISTINCT FROM ${facts.workspaceId}) AS guest,
      sm."addedAt", sm."addedById", COALESCE(a.name, a.email) AS "addedByName"
    FROM "SnapMember" AS sm JOIN "User" AS u ON u.id = sm."userId"
      LEFT JOIN "Membership" AS m ON m."userId" = sm."userId" LEFT JOIN "User" AS a ON a.id = sm."addedById"
    WHERE sm."snapId" = ${snapId} ORDER BY sm."addedAt", sm."userId"`;
  const members = rows.map((row): SnapMember => ({
    user: manages ? { id: row.userId, name: row.name, email: row.email } : { id: row.userId, name: row.name },
    role: row.role,
    guest: row.guest,
    addedAt: row.addedAt.toISOString(),
    addedBy: row.addedById ? { id: row.addedById, name: row.addedByName } : null,
  }));
  if (!manages) return { members, invitations: [] };
  const invitations = await db.snapInvitation.findMany({
    where: { snapId, expiresAt: { gt: new Date() } },
    select: { id: true, email: true, role: true, createdAt: true, expiresAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return {
    members,
    invitations: invitations.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() })),
  };
}
