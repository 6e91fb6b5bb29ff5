import "server-only";
import { userActor, type AuditActor } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/errors/api-error";
import { findUserByEmail } from "./find-user-by-email";
import { moveUserIntoWorkspace, type MoveIntoWorkspaceResult } from "./move-user-into-workspace";
import { addWorkspaceMemberInputSchema } from "./schemas";

export interface AddWorkspaceMemberResult extends MoveIntoWorkspaceResult {
  user: { id: string; email: string; name: string | null };
  workspaceId: string;
  role: "admin" | "member";
}

/**
 * The admin CLI's `workspace:add-member` (the operator's act, audited with actor `cli`): brings an
 * existing user (by email) straight into the admin's workspace with a role, moving them and their
 * snaps and folders (moveUserIntoWorkspace). Over the API, adding a member is an invitation the
 * user accepts (invite-member.ts, docs/API.md "Invitations").
 *
 * Errors: FORBIDDEN when adminUserId is not an admin (checked before the email is looked at),
 * NOT_FOUND for an unknown email, CONFLICT when the user is already a member of the workspace.
 * All or nothing, in one transaction.
 */
export async function addWorkspaceMember(adminUserId: string, input: unknown, actor: AuditActor = userActor(adminUserId)): Promise<AddWorkspaceMemberResult> {
  const { email, role } = addWorkspaceMemberInputSchema.parse(input);

  return db.$transaction(async (tx) => {
    const target = await findUserByEmail(email, tx);

    // Both memberships are locked in one statement, in a fixed order: concurrent moves of the same
    // user (or of two users into each other's workspaces) queue up instead of interleaving.
    const userIds = target && target.id !== adminUserId ? [adminUserId, target.id] : [adminUserId];
    await tx.$queryRaw`SELECT "userId" FROM "Membership" WHERE "userId" IN (${Prisma.join(userIds)}) ORDER BY "userId" FOR UPDATE`;

    const adminMembership = await tx.membership.findUnique({
      where: { userId: adminUserId },
      select: { workspaceId: true, role: true },
    });
    if (adminMembership?.role !== "admin") {
      throw new ApiError("FORBIDDEN", "Only an admin of the workspace can add members");
    }
    const workspaceId = adminMembership.workspaceId;

    if (!target) {
      throw new ApiError("NOT_FOUND", `No user with email ${email}`, [{ path: "email", message: "No such user" }]);
    }
    const previous = await tx.membership.findUnique({ where: { userId: target.id }, select: { workspaceId: true } });
    if (previous?.workspaceId === workspaceId) {
      throw new ApiError("CONFLICT", `${email} is already a member of this workspace`, [{ path: "email", message: "Already a member" }]);
    }

    const moved = await moveUserIntoWorkspace(tx, target.id, workspaceId, role);
    // A pending invitation of theirs into this workspace is used up.
    await tx.workspaceInvitation.deleteMany({ where: { workspaceId, email: target.email } });
    await recordAuditEvent(tx, {
      workspace: { id: workspaceId },
      action: "member.added",
      actor,
      target: { type: "member", id: target.id, name: `${target.email} (${role})` },
    });
    return { user: target, workspaceId, role, ...moved };
  });
}
