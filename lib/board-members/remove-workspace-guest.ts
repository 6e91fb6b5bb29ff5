import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { assertWorkspaceAdmin } from "@/lib/workspaces/lock-workspace-members";
import { lockSnapForMembers } from "./lock-snap-members";
import { readMemberUser } from "./read-member-user";
import { recordMemberChange } from "./record-member-change";

/**
 * DELETE /api/workspace/guests/:userId: an admin removes a guest from every board of the workspace
 * (private ones included), each removal recorded as a member.removed. 404 when they are on none, or
 * are a member of the workspace (not a guest).
 */
export async function removeWorkspaceGuest(principal: Principal, userId: string): Promise<void> {
  assertWorkspaceAdmin(principal, "remove guests");
  await runTransaction(async (tx) => {
    const user = await readMemberUser(tx, userId, principal.workspaceId);
    if (!user?.guest) throw new ApiError("NOT_FOUND", "No such guest of this workspace");
    const snaps = await tx.$queryRaw<{ snapId: string }[]>`
      SELECT sm."snapId" FROM "SnapMember" AS sm JOIN "Snap" AS s ON s.id = sm."snapId"
      WHERE sm."userId" = ${userId} AND s."workspaceId" = ${principal.workspaceId} ORDER BY sm."snapId"`;
    if (snaps.length === 0) throw new ApiError("NOT_FOUND", "No such guest of this workspace");
    for (const { snapId } of snaps) {
      const snap = await lockSnapForMembers(tx, principal, snapId, null);
      const current = snap.members.find((member) => member.userId === userId);
      if (!current) continue;
      await tx.$executeRaw`DELETE FROM "SnapMember" WHERE "snapId" = ${snapId} AND "userId" = ${userId}`;
      await recordMemberChange(tx, principal, { type: "member.removed", snap, member: { ...user, role: current.role } });
    }
  });
}
