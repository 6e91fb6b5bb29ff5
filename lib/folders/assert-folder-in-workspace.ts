import "server-only";
import type { DbOrTx } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";

/**
 * A snap may only be filed in a folder of its own workspace: 404 for a folder that does not
 * exist, 400 for one of another workspace (a reference the snap cannot take). The row is locked
 * FOR KEY SHARE so a concurrent folder delete waits instead of failing the caller's foreign key.
 */
export async function assertFolderInWorkspace(client: DbOrTx, folderId: string, workspaceId: string): Promise<void> {
  const [folder] = await client.$queryRaw<{ workspaceId: string }[]>`
    SELECT "workspaceId" FROM "Folder" WHERE id = ${folderId} FOR KEY SHARE`;
  if (!folder) throw new ApiError("NOT_FOUND", "Folder not found", [{ path: "folderId", message: "No such folder" }]);
  if (folder.workspaceId !== workspaceId) {
    throw new ApiError("BAD_REQUEST", "The folder belongs to another workspace", [{ path: "folderId", message: "Must be a folder of the snap's workspace" }]);
  }
}
