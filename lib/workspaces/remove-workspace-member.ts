import "server-only";
import type { Principal } from "@/lib/request/principal";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { notifyAccessChanged } from "@/lib/live/notify-access-changed";
import { assertWorkspaceAdmin, countAdmins, lockWorkspaceMembers } from "./lock-workspace-members";
import { personalWorkspaceName } from "./personal-workspace-name";

export interface RemoveWorkspaceMemberResult {
  userId: string;
  /** The fresh personal workspace the removed user now belongs to, as its admin. */
  workspaceId: string;
  movedSnaps: number;
}

/**
 * DELETE /api/workspace/members/:userId. A user belongs to exactly one workspace (docs/API.md, "Permissions"), so the
 * removed user gets a fresh personal workspace where they are admin, and their snaps follow them
 * (a snap's workspace is always its owner's). All in one transaction.
 *
 * The moved snaps stop being shared with a workspace and leave their folders: folders belong to the
 * workspace they were made in and may hold other members' snaps, so they stay. Public links keep
 * working: those are the owner's choice and do not depend on any workspace.
 *
 * Admins only (403); 404 when the user is not a member of the caller's workspace; 409 for its last
 * admin, the caller included, so a workspace with members always keeps one.
 */
export async function removeWorkspaceMember(principal: Principal, userId: string): Promise<RemoveWorkspaceMemberResult> {
  assertWorkspaceAdmin(principal, "remove members");
  return runTransaction(async (tx) => {
    const members = await lockWorkspaceMembers(tx, principal, "remove members");
    const target = members.find((member) => member.userId === userId);
    if (!target) throw new ApiError("NOT_FOUND", "No such member in this workspace");
    if (target.role === "admin" && countAdmins(members) === 1) {
      const message =
        userId === principal.userId
          ? "You are the workspace's only admin: make another member an admin before leaving"
          : "This member is the workspace's only admin: make another member an admin first";
      throw new ApiError("CONFLICT", message);
    }

    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, name: true } });
    const workspace = await tx.workspace.create({ data: { name: personalWorkspaceName(user) }, select: { id: true } });
    // The locked membership row moves, so a concurrent snap or folder creation by this user (which
    // reads it FOR SHARE) waits and then lands in the new workspace, never in the old one.
    await tx.membership.update({
      where: { userId },
      data: { workspaceId: workspace.id, role: "admin", createdAt: new Date() },
      select: { userId: true },
    });
    const moved = await tx.snap.updateMany({
      where: { userId },
      data: { workspaceId: workspace.id, sharedWithWorkspace: false, folderId: null },
    });
    await notifyAccessChanged(tx, [userId]);
    await recordAuditEvent(tx, {
      workspace: { id: principal.workspaceId },
      action: "member.removed",
      actor: auditActorOf(principal),
      target: { type: "member", id: userId, name: user.email },
    });
    return { userId, workspaceId: workspace.id, movedSnaps: moved.count };
  });
}
