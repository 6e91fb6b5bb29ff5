import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import { notifyAccessChanged } from "@/lib/live/notify-access-changed";

export interface MoveIntoWorkspaceResult {
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
 * Inside the caller's transaction, with the user's membership already locked FOR UPDATE: moves the
 * user into `workspaceId` with `role`, as a workspace they were added to (`personal` false). A user
 * belongs to exactly one workspace at a time (docs/API.md, "Permissions"), so their snaps and folders
 * move too (a snap's workspaceId is always its owner's workspace; the workspace listing relies on
 * it), and their previous workspace is deleted when no member is left in it.
 *
 * Snaps that were shared with the previous workspace lose `sharedWithWorkspace`: the user shared
 * them with other people, and moving must not hand them to the new workspace's members and admins.
 * Their open event streams re-check access once this commits (snap_access).
 */
export async function moveUserIntoWorkspace(tx: Tx, userId: string, workspaceId: string, role: "admin" | "member"): Promise<MoveIntoWorkspaceResult> {
  const previous = await tx.membership.findUnique({ where: { userId }, select: { workspaceId: true, role: true } });
  if (previous) {
    // A snap insert into the old workspace takes a key-share lock on its row: it either commits
    // first (and its snap is moved below) or waits for this transaction, and then fails on the
    // foreign key if the workspace is gone, rather than its snap being deleted by the cascade.
    // (Snap creation that reads the owner's membership FOR SHARE never targets a stale workspace.)
    await tx.$queryRaw`SELECT id FROM "Workspace" WHERE id = ${previous.workspaceId} FOR UPDATE`;
    await tx.membership.update({
      where: { userId },
      data: { workspaceId, role, personal: false, createdAt: new Date() },
      select: { userId: true },
    });
  } else {
    await tx.membership.create({ data: { userId, workspaceId, role, personal: false }, select: { userId: true } });
  }

  const unshared = await tx.snap.updateMany({
    where: { userId, workspaceId: { not: workspaceId }, sharedWithWorkspace: true },
    data: { workspaceId, sharedWithWorkspace: false },
  });
  const moved = await tx.snap.updateMany({ where: { userId, workspaceId: { not: workspaceId } }, data: { workspaceId } });
  const folders = await tx.folder.updateMany({ where: { userId, workspaceId: { not: workspaceId } }, data: { workspaceId } });

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
  await notifyAccessChanged(tx, [userId]);
  return {
    previousWorkspaceId: previous?.workspaceId ?? null,
    previousWorkspaceDeleted,
    previousWorkspaceLeftWithoutAdmin,
    movedSnaps: unshared.count + moved.count,
    movedFolders: folders.count,
    unsharedSnaps: unshared.count,
  };
}
