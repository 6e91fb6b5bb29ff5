import "server-only";
import type { Principal } from "@/lib/request/principal";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { DECLINE_QUIET_DAYS } from "./invitation-limits";

/**
 * POST /api/invitations/:id/decline: the invitation is gone, and the inviting workspace's audit log
 * says so. Only the holder of the invited email may decline: for anyone else it does not exist (404).
 * The workspace may not invite the email again for DECLINE_QUIET_DAYS (lib/workspaces/invite-member.ts).
 */
export async function declineInvitation(principal: Principal, invitationId: string): Promise<void> {
  await runTransaction(async (tx) => {
    const [declined] = await tx.$queryRaw<{ workspaceId: string; email: string; role: string }[]>`
      DELETE FROM "WorkspaceInvitation" i USING "User" u
      WHERE i.id = ${invitationId} AND u.id = ${principal.userId} AND u.email = i.email AND i."expiresAt" > now()
      RETURNING i."workspaceId", i.email, i.role::text AS role`;
    if (!declined) throw new ApiError("NOT_FOUND", "No such invitation");
    const until = new Date(Date.now() + DECLINE_QUIET_DAYS * 86_400_000);
    await tx.declinedInvitation.upsert({
      where: { workspaceId_email: { workspaceId: declined.workspaceId, email: declined.email } },
      create: { workspaceId: declined.workspaceId, email: declined.email, until },
      update: { until },
      select: { until: true },
    });
    await recordAuditEvent(tx, {
      workspace: { id: declined.workspaceId },
      action: "member.invitation_declined",
      actor: auditActorOf(principal),
      target: { type: "invitation", id: invitationId, name: `${declined.email} (${declined.role})` },
    });
  });
}
