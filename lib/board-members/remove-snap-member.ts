import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { lockSnapForMembers } from "./lock-snap-members";
import { readMemberUser } from "./read-member-user";
import { recordMemberChange } from "./record-member-change";
import { assertSnapAccess } from "@/lib/board-model/snap-access";

/**
 * DELETE /api/snaps/:id/members/:userId: whoever manages the snap removes a member, and any member
 * may remove themself. It holds from the next request on; their open streams end at once
 * (`access-revoked`) unless they still read the snap another way (its workspace share).
 */
export async function removeSnapMember(principal: Principal, snapId: string, userId: string): Promise<void> {
  await runTransaction(async (tx) => {
    const snap = await lockSnapForMembers(tx, principal, snapId, null);
    assertSnapAccess(principal, snap, userId === principal.userId ? "read" : "manage");
    const current = snap.members.find((member) => member.userId === userId);
    if (!current) throw new ApiError("NOT_FOUND", "No such member of this snap");
    await tx.$executeRaw`DELETE FROM "SnapMember" WHERE "snapId" = ${snapId} AND "userId" = ${userId}`;
    const user = (await readMemberUser(tx, userId, snap.workspaceId))!;
    await recordMemberChange(tx, principal, { type: "member.removed", snap, member: { ...user, role: current.role } });
  });
}
