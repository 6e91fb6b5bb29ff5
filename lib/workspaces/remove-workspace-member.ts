import "server-only";
import type { Principal } from "@/lib/request/principal";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { assertWorkspaceAdmin, countAdmins, lockWorkspaceMembers } from "./lock-workspace-members";
import { moveUserToFreshWorkspace } from "./move-user-to-fresh-workspace";

export interface RemoveWorkspaceMemberResult {
  userId: string;
  /** The fresh personal workspace the removed user now belongs to, as its admin. */
  workspaceId: string;
  movedSnaps: number;
}

/**
 * DELETE /api/workspace/members/:userId of another member (one's own id is leaving:
 * leave-workspace.ts). The removed user gets a fresh personal workspace with their snaps
 * (moveUserToFreshWorkspace). All in one transaction.
 *
 * Admins only (403); 404 when the user is not a member of the caller's workspace; 409 for its last
 * admin, so a workspace with members always keeps one.
 */
export async function removeWorkspaceMember(principal: Principal, userId: string): Promise<RemoveWorkspaceMemberResult> {
  assertWorkspaceAdmin(principal, "remove members");
  return runTransaction(async (tx) => {
    const members = await lockWorkspaceMembers(tx, principal, "remove members");
    const target = members.find((member) => member.userId === userId);
    if (!target) throw new ApiError("NOT_FOUND", "No such member in this workspace");
    if (target.role === "admin" && countAdmins(members) === 1) {
      throw new ApiError("CONFLICT", "This member is the workspace's only admin: make another member an admin first");
    }
    const { user, workspaceId, movedSnaps } = await moveUserToFreshWorkspace(tx, userId);
    await recordAuditEvent(tx, {
      workspace: { id: principal.workspaceId },
      action: "member.removed",
      actor: auditActorOf(principal),
      target: { type: "member", id: userId, name: user.email },
    });
    return { userId, workspaceId, movedSnaps };
  });
}
