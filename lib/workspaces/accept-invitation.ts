import "server-only";
import type { Principal } from "@/lib/request/principal";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { countAdmins, type LockedMember } from "./lock-workspace-members";
import { moveUserIntoWorkspace } from "./move-user-into-workspace";

interface InvitationRow {
  id: string;
  workspaceId: string;
  workspaceName: string;
  role: "admin" | "member";
  email: string;
}

/**
 * POST /api/invitations/:id/accept: the invitee joins the workspace with the invited role, as a
 * workspace they were added to (they may leave it again). Only the holder of the invited email may
 * accept: for anyone else, and for an expired invitation, it does not exist (404). Accepting one
 * for the workspace they are already in just uses it up. The only admin of a workspace that has
 * other members cannot move away (409), as they could not leave it. All in one transaction.
 */
export async function acceptInvitation(principal: Principal, invitationId: string) {
  return runTransaction(async (tx) => {
    // Every membership of the caller's current workspace, locked in userId order (as the members
    // actions lock them): the last-admin rule below holds against a concurrent demotion or leave.
    const members = await tx.$queryRaw<LockedMember[]>`
      SELECT "userId", role::text AS role FROM "Membership"
      WHERE "workspaceId" = (SELECT "workspaceId" FROM "Membership" WHERE "userId" = ${principal.userId})
      ORDER BY "userId" FOR UPDATE`;
    const [invitation] = await tx.$queryRaw<InvitationRow[]>`
      SELECT i.id, i."workspaceId", w.name AS "workspaceName", i.role::text AS role, i.email
      FROM "WorkspaceInvitation" i
      JOIN "User" u ON u.email = i.email
      JOIN "Workspace" w ON w.id = i."workspaceId"
      WHERE i.id = ${invitationId} AND u.id = ${principal.userId} AND i."expiresAt" > now()
      FOR UPDATE OF i`;
    if (!invitation) throw new ApiError("NOT_FOUND", "No such invitation");
    const workspace = { id: invitation.workspaceId, name: invitation.workspaceName };

    const me = members.find((member) => member.userId === principal.userId);
    await tx.workspaceInvitation.delete({ where: { id: invitation.id }, select: { id: true } });
    if (me && principal.workspaceId === invitation.workspaceId) return { workspace, role: me.role };
    if (me?.role === "admin" && members.length > 1 && countAdmins(members) === 1) {
      throw new ApiError("CONFLICT", "You are the only admin of your workspace: make another member an admin before joining another");
    }

    await moveUserIntoWorkspace(tx, principal.userId, invitation.workspaceId, invitation.role);
    await recordAuditEvent(tx, {
      workspace: { id: invitation.workspaceId },
      action: "member.invitation_accepted",
      actor: auditActorOf(principal),
      target: { type: "member", id: principal.userId, name: `${invitation.email} (${invitation.role})` },
    });
    return { workspace, role: invitation.role };
  });
}
