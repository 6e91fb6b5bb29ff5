import { createFolder } from "@/lib/folders/create-folder";
import { listWorkspaceFolders } from "@/lib/folders/list-workspace-folders";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { FOLDER_OPERATIONS as operations } from "@/lib/operations/folder-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.listFolders, async ({ principal }) => ({ folders: await listWorkspaceFolders(principal) })),
  implement(operations.createFolder, async ({ principal, body }) => ({ folder: await createFolder(principal, body) })),
);
