import type { Principal } from "@/lib/auth/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/http/api-error";
import { getManageableFolderOrThrow } from "./get-manageable-folder-or-throw";

/** DELETE /api/folders/:id: its snaps stay, unfiled (Snap.folderId is ON DELETE SET NULL). */
export async function deleteFolder(principal: Principal, folderId: string): Promise<void> {
  await getManageableFolderOrThrow(principal, folderId);
  // In a retried transaction: unfiling locks the folder's snaps, and a concurrent PATCH filing one
  // of them holds that snap while it checks the folder, so PostgreSQL may pick either as a deadlock victim.
  const { count } = await runTransaction((tx) => tx.folder.deleteMany({ where: { id: folderId } }));
  if (count === 0) throw new ApiError("NOT_FOUND", "Folder not found"); // deleted concurrently
}
