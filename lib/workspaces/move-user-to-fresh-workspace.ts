import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import { notifyAccessChanged } from "@/lib/live/notify-access-changed";
import { personalWorkspaceName } from "./personal-workspace-name";

/**
 * Inside the caller's transaction, with the user's membership locked: the user leaves (or is
 * removed from) their workspace for a fresh personal one, as its admin. A user belongs to exactly
 * one workspace (docs/API.md, "Permissions"); the personal workspace they had before joining was
 * deleted when they moved out of it empty, or stayed with its other members, so a new one is made.
 *
 * Their snaps follow them (a snap's workspace is always its owner's); they stop being shared with a
 * workspace and leave their folders: folders belong to the workspace they were made in and may
 * hold other members' snaps, so they stay. Public links keep working: those are the owner's
 * choice and do not depend on any workspace.
 */
export async function moveUserToFreshWorkspace(tx: Tx, userId: string) {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, name: true } });
  const workspace = await tx.workspace.create({ data: { name: personalWorkspaceName(user) }, select: { id: true } });
  // The locked membership row moves, so a concurrent snap or folder creation by this user (which
  // reads it FOR SHARE) waits and then lands in the new workspace, never in the old one.
  await tx.membership.update({
    where: { userId },
    data: { workspaceId: workspace.id, role: "admin", personal: true, createdAt: new Date() },
    select: { userId: true },
  });
  const moved = await tx.snap.updateMany({ where: { userId }, data: { workspaceId: workspace.id, sharedWithWorkspace: false, folderId: null } });
  await notifyAccessChanged(tx, [userId]);
  return { user, workspaceId: workspace.id, movedSnaps: moved.count };
}
