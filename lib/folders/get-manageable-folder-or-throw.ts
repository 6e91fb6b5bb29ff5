import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";

/**
 * Renaming or deleting a folder: its creator or an admin of its workspace, and only from inside
 * that workspace. 404 if it does not exist; 403 if it exists but is not the caller's to change
 * (the rule for snaps, docs/API.md "Permissions", applied to folders).
 */
export async function getManageableFolderOrThrow(principal: Principal, folderId: string) {
  const folder = await db.folder.findUnique({ where: { id: folderId }, select: { id: true, userId: true, workspaceId: true } });
  if (!folder) throw new ApiError("NOT_FOUND", "Folder not found");
  const inWorkspace = folder.workspaceId === principal.workspaceId;
  if (!inWorkspace || (folder.userId !== principal.userId && principal.role !== "admin")) {
    throw new ApiError("FORBIDDEN", "Only the folder's creator or a workspace admin may change this folder");
  }
  return folder;
}
