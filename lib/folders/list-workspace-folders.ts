import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { folderSelect } from "./folder-selects";

/** GET /api/folders: the folders of the caller's workspace, by name (id breaks ties). */
export function listWorkspaceFolders(principal: Principal) {
  return db.folder.findMany({
    where: { workspaceId: principal.workspaceId },
    select: folderSelect,
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}
