import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import type { FolderCreate } from "./folder-schemas";
import { MAX_FOLDERS_PER_WORKSPACE } from "./folder-limits";
import { folderSelect } from "./folder-selects";

/** POST /api/folders: any member may create a folder in their workspace, up to MAX_FOLDERS_PER_WORKSPACE (409). */
export function createFolder(principal: Principal, input: FolderCreate) {
  return runTransaction(async (tx) => {
    // As for snaps: the membership is read FOR SHARE so a concurrent move to another workspace
    // (addWorkspaceMember moves the user's folders) cannot leave this folder behind.
    const [membership] = await tx.$queryRaw<{ workspaceId: string }[]>`
      SELECT "workspaceId" FROM "Membership" WHERE "userId" = ${principal.userId} FOR SHARE`;
    if (!membership) throw new ApiError("FORBIDDEN", "You are not a member of any workspace");
    // The workspace row's lock makes concurrent creates count one after another.
    await tx.$queryRaw`SELECT id FROM "Workspace" WHERE id = ${membership.workspaceId} FOR UPDATE`;
    const count = await tx.folder.count({ where: { workspaceId: membership.workspaceId } });
    if (count >= MAX_FOLDERS_PER_WORKSPACE) {
      throw new ApiError("CONFLICT", `This workspace already has ${MAX_FOLDERS_PER_WORKSPACE} folders, the most allowed. Delete one to make another.`);
    }
    return tx.folder.create({
      data: { name: input.name, userId: principal.userId, workspaceId: membership.workspaceId },
      select: folderSelect,
    });
  });
}
