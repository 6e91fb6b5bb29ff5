import "server-only";
import type { Principal } from "@/lib/request/principal";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { countAdmins } from "./lock-workspace-members";
import { moveUserToFreshWorkspace } from "./move-user-to-fresh-workspace";

/**
 * DELETE /api/workspace/members/:userId with the caller's own id: any member leaves a workspace
 * they were added to, for a fresh personal workspace with their snaps (moveUserToFreshWorkspace).
 * Never their personal workspace (Membership.personal: there is nowhere else to go), and never as
 * its last admin (409 each).
 */
export async function leaveWorkspace(principal: Principal): Promise<{ workspaceId: string }> {
  return runTransaction(async (tx) => {
    const members = await tx.$queryRaw<{ userId: string; role: "admin" | "member"; personal: boolean }[]>`
      SELECT "userId", role::text AS role, personal FROM "Membership"
      WHERE "workspaceId" = ${principal.workspaceId} ORDER BY "userId" FOR UPDATE`;
    const me = members.find((member) => member.userId === principal.userId);
    if (!me) throw new ApiError("NOT_FOUND", "No such member in this workspace");
    if (me.role === "admin" && countAdmins(members) === 1) {
      throw new ApiError("CONFLICT", "You are the workspace's only admin: make another member an admin before leaving");
    }
    if (me.personal) throw new ApiError("CONFLICT", "This is your personal workspace: you cannot leave it");
    const { user, workspaceId } = await moveUserToFreshWorkspace(tx, principal.userId);
    await recordAuditEvent(tx, {
      workspace: { id: principal.workspaceId },
      action: "member.left",
      actor: auditActorOf(principal),
      target: { type: "member", id: principal.userId, name: user.email },
    });
    return { workspaceId };
  });
}
