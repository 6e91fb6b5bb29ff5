import "server-only";
import type { Principal } from "@/lib/request/principal";
import type { Tx } from "@/lib/db/run-transaction";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { DECLINE_QUIET_DAYS } from "@/lib/workspaces/invitation-limits";

/**
 * Declining a board invitation: it is gone, the snap's workspace's audit log records it, and the
 * snap may not invite the email again for DECLINE_QUIET_DAYS (lib/board-members/invite-snap-member.ts).
 */
export async function declineSnapInvitation(tx: Tx, principal: Principal, invitation: { id: string; snapId: string; role: string; email: string }) {
  const [snap] = await tx.$queryRaw<{ workspaceId: string; title: string }[]>`
    DELETE FROM "SnapInvitation" AS i USING "Snap" AS s WHERE i.id = ${invitation.id} AND s.id = i."snapId" RETURNING s."workspaceId", s.title`;
  if (!snap) return;
  const until = new Date(Date.now() + DECLINE_QUIET_DAYS * 86_400_000);
  await tx.declinedSnapInvitation.upsert({
    where: { snapId_email: { snapId: invitation.snapId, email: invitation.email } },
    create: { snapId: invitation.snapId, email: invitation.email, until },
    update: { until },
    select: { until: true },
  });
  await recordAuditEvent(tx, {
    workspace: { id: snap.workspaceId },
    action: "board.invitation_declined",
    actor: auditActorOf(principal),
    target: { type: "invitation", id: invitation.id, name: `${invitation.email} on “${snap.title}” (${invitation.role})` },
  });
}
