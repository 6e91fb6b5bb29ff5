import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import type { FolderUpdate } from "./folder-schemas";
import { folderSelect } from "./folder-selects";
import { getManageableFolderOrThrow } from "./get-manageable-folder-or-throw";

/** PATCH /api/folders/:id. */
export async function renameFolder(principal: Principal, folderId: string, input: FolderUpdate) {
  await getManageableFolderOrThrow(principal, folderId);
  const [folder] = await db.folder.updateManyAndReturn({ where: { id: folderId }, data: { name: input.name }, select: folderSelect });
  if (!folder) throw new ApiError("NOT_FOUND", "Folder not found"); // deleted concurrently
  return folder;
}
