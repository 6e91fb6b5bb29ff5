import { deleteFolder } from "@/lib/snaps/delete-folder";
import { renameFolder } from "@/lib/folders/rename-folder";
import { implement, routeHandlers } from "@/lib/http/route-handlers";
import { FOLDER_OPERATIONS as operations } from "@/lib/operations/folder-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(
  implement(operations.renameFolder, async ({ principal, params, body }) => ({ folder: await renameFolder(principal, params.id, body) })),
  implement(operations.deleteFolder, async ({ principal, params }) => {
    await deleteFolder(principal, params.id);
    return { success: true };
  }),
);
