import "server-only";
import { userActor, type AuditActor } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/errors/api-error";
import { notifyAccessChanged } from "@/lib/live/notify-access-changed";
import { findUserByEmail } from "./find-user-by-email";
import { addWorkspaceMemberInputSchema } from "./schemas";

export interface AddWorkspaceMemberResult {
  user: { id: string; email: string; name: string | null };
  workspaceId: string;
  role: "admin" | "member";
  previousWorkspaceId: string | null;
  /** The previous workspace was deleted because the user was its last member. */
  previousWorkspaceDeleted: boolean;
  /** The previous workspace still has members but, without this user, no admin. */
  previousWorkspaceLeftWithoutAdmin: boolean;
  movedSnaps: number;
  movedFolders: number;
  /** Moved snaps that were shared with the previous workspace; they arrive private (see below). */
  unsharedSnaps: number;
}

/**
 * An admin of a workspace brings an existing user (by email) into it with a role. A user belongs to
 * exactly one workspace at a time (docs/API.md, "Permissions"), so this moves them: their membership, their snaps and
 * their folders (a snap's workspaceId is always its owner's workspace; the workspace listing relies
 * on it). Their previous workspace is deleted when no member is left in it.
 *
 * Snaps that were shared with the previous workspace lose `sharedWithWorkspace`: the user shared
 * them with other people, and moving must not hand them to the new workspace's members and admins.
 *
 * Errors: FORBIDDEN when adminUserId is not an admin (checked before the email is looked at, so a
 * non-admin learns nothing about which emails exist), NOT_FOUND for an unknown email, CONFLICT when
 * the user is already a member of the workspace. All or nothing, in one transaction.
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
    const previous = await tx.membership.findUnique({
      where: { userId: target.id },
      select: { workspaceId: true, role: true },
    });
    if (previous?.workspaceId === workspaceId) {
      throw new ApiError("CONFLICT", `${email} is already a member of this workspace`, [{ path: "email", message: "Already a member" }]);
    }

    if (previous) {
      // A snap insert into the old workspace takes a key-share lock on its row: it either commits
      // first (and its snap is moved below) or waits for this transaction, and then fails on the
      // foreign key if the workspace is gone, rather than its snap being deleted by the cascade.
      // (Snap creation that reads the owner's membership FOR SHARE never targets a stale workspace.)
      await tx.$queryRaw`SELECT id FROM "Workspace" WHERE id = ${previous.workspaceId} FOR UPDATE`;
      await tx.membership.update({
        where: { userId: target.id },
        data: { workspaceId, role, createdAt: new Date() },
        select: { userId: true },
      });
    } else {
      await tx.membership.create({ data: { userId: target.id, workspaceId, role }, select: { userId: true } });
    }

    const unshared = await tx.snap.updateMany({
      where: { userId: target.id, workspaceId: { not: workspaceId }, sharedWithWorkspace: true },
      data: { workspaceId, sharedWithWorkspace: false },
    });
    const moved = await tx.snap.updateMany({
      where: { userId: target.id, workspaceId: { not: workspaceId } },
      data: { workspaceId },
    });
    const folders = await tx.folder.updateMany({
      where: { userId: target.id, workspaceId: { not: workspaceId } },
      data: { workspaceId },
    });

    let previousWorkspaceDeleted = false;
    let previousWorkspaceLeftWithoutAdmin = false;
    if (previous) {
      // Only an empty workspace goes: deleting it cascades to anything still in it.
      const { count } = await tx.workspace.deleteMany({
        where: { id: previous.workspaceId, members: { none: {} }, snaps: { none: {} }, folders: { none: {} } },
      });
      previousWorkspaceDeleted = count > 0;
      if (!previousWorkspaceDeleted && previous.role === "admin") {
        const admins = await tx.membership.count({ where: { workspaceId: previous.workspaceId, role: "admin" } });
        previousWorkspaceLeftWithoutAdmin = admins === 0;
      }
    }

    await notifyAccessChanged(tx, [target.id]);
    await recordAuditEvent(tx, {
      workspace: { id: workspaceId },
      action: "member.added",
      actor,
      target: { type: "member", id: target.id, name: `${target.email} (${role})` },
    });
    return {
      user: target,
      workspaceId,
      role,
      previousWorkspaceId: previous?.workspaceId ?? null,
      previousWorkspaceDeleted,
      previousWorkspaceLeftWithoutAdmin,
      movedSnaps: unshared.count + moved.count,
      movedFolders: folders.count,
      unsharedSnaps: unshared.count,
    };
  });
}
