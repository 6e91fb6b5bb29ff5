import "server-only";
import type { Principal } from "@/lib/request/principal";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { assertWorkspaceAdmin } from "./lock-workspace-members";

/** DELETE /api/workspace/invitations/:id: admins only (403); another workspace's or an unknown id is 404. */
export async function revokeInvitation(principal: Principal, invitationId: string): Promise<void> {
  assertWorkspaceAdmin(principal, "revoke invitations");
  await runTransaction(async (tx) => {
    const [revoked] = await tx.$queryRaw<{ email: string; role: string }[]>`
      DELETE FROM "WorkspaceInvitation" WHERE id = ${invitationId} AND "workspaceId" = ${principal.workspaceId}
      RETURNING email, role::text AS role`;
    if (!revoked) throw new ApiError("NOT_FOUND", "No such invitation in this workspace");
    await recordAuditEvent(tx, {
      workspace: { id: principal.workspaceId },
      action: "member.invitation_revoked",
      actor: auditActorOf(principal),
      target: { type: "invitation", id: invitationId, name: `${revoked.email} (${revoked.role})` },
    });
  });
}
