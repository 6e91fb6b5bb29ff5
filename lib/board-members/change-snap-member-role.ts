import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { lockSnapForMembers } from "./lock-snap-members";
import { snapMemberRoleChangeSchema, type SnapMember, type SnapMemberRoleChange } from "./member-schemas";
import { readMemberUser } from "./read-member-user";
import { recordMemberChange } from "./record-member-change";

/**
 * PATCH /api/snaps/:id/members/:userId: whoever manages the snap changes a member's role. A lower
 * role holds from the next request on, and open streams are told at once (`access`).
 */
export async function changeSnapMemberRole(principal: Principal, snapId: string, userId: string, input: SnapMemberRoleChange): Promise<SnapMember> {
  const { role } = snapMemberRoleChangeSchema.parse(input);
  return runTransaction(async (tx) => {
    const snap = await lockSnapForMembers(tx, principal, snapId, "manage");
    const current = snap.members.find((member) => member.userId === userId);
    if (!current) throw new ApiError("NOT_FOUND", "No such member of this snap");
    const [row] = await tx.$queryRaw<{ addedAt: Date; addedById: string | null; addedByName: string | null }[]>`
      UPDATE "SnapMember" AS sm SET role = ${role}::"SnapRole" WHERE sm."snapId" = ${snapId} AND sm."userId" = ${userId}
      RETURNING sm."addedAt", sm."addedById", (SELECT COALESCE(a.name, a.email) FROM "User" AS a WHERE a.id = sm."addedById") AS "addedByName"`;
    const user = (await readMemberUser(tx, userId, snap.workspaceId))!;
    if (current.role !== role) {
      await recordMemberChange(tx, principal, { type: "member.role_changed", snap, member: { ...user, role }, previousRole: current.role });
    }
    return {
      user: { id: userId, name: user.name, email: user.email },
      role,
      guest: user.guest,
      addedAt: row!.addedAt.toISOString(),
      addedBy: row!.addedById ? { id: row!.addedById, name: row!.addedByName } : null,
    };
  });
}
