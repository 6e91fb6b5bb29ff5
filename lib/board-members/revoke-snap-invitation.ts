import "server-only";
import type { Principal } from "@/lib/request/principal";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { lockSnapForMembers } from "./lock-snap-members";

/** DELETE /api/snaps/:id/invitations/:invitationId: whoever manages the snap; another snap's or an unknown id is 404. */
export async function revokeSnapInvitation(principal: Principal, snapId: string, invitationId: string): Promise<void> {
  await runTransaction(async (tx) => {
    const snap = await lockSnapForMembers(tx, principal, snapId, "manage");
    const [revoked] = await tx.$queryRaw<{ email: string; role: string }[]>`
      DELETE FROM "SnapInvitation" WHERE id = ${invitationId} AND "snapId" = ${snapId} RETURNING email, role::text AS role`;
    if (!revoked) throw new ApiError("NOT_FOUND", "No such invitation to this snap");
    await recordAuditEvent(tx, {
      workspace: { id: snap.workspaceId },
      action: "board.invitation_revoked",
      actor: auditActorOf(principal),
      target: { type: "invitation", id: invitationId, name: `${revoked.email} on “${snap.title}” (${revoked.role})` },
    });
  });
}
