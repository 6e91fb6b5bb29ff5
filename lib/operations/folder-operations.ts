import { MAX_FOLDERS_PER_WORKSPACE } from "@/lib/folders/folder-limits";
import { folderCreateSchema, folderResponseSchema, foldersResponseSchema, folderUpdateSchema } from "@/lib/folders/folder-schemas";
import { examples } from "@/lib/operations/examples/examples";
import { successResponse } from "./success-response";
import { declareOperation } from "./operation";
import { folderIdParam } from "./path-params";

/** Folders of the workspace. */
export const FOLDER_OPERATIONS = {
  listFolders: declareOperation({
    method: "get",
    path: "/api/folders",
    operationId: "listFolders",
    tag: "Folders",
    summary: "List folders",
    description: "The folders of your workspace, by name.",
    success: { status: 200, description: "The folders.", schema: foldersResponseSchema, example: examples.foldersResponse },
    errors: [401],
    access: "key-or-session",
  }),
  createFolder: declareOperation({
    method: "post",
    path: "/api/folders",
    operationId: "createFolder",
    tag: "Folders",
    summary: "Create a folder",
    description: `Safe to retry with an Idempotency-Key. A workspace holds at most ${MAX_FOLDERS_PER_WORKSPACE} folders (409).`,
    requestHeaders: ["Idempotency-Key"],
    body: { schema: folderCreateSchema, example: examples.folderCreate },
    success: { status: 201, description: "The new folder.", schema: folderResponseSchema, example: examples.folderResponse },
    errors: [400, 401, 409, 413, 415],
    access: "key-or-session",
  }),
  renameFolder: declareOperation({
    method: "patch",
    path: "/api/folders/{id}",
    operationId: "renameFolder",
    tag: "Folders",
    summary: "Rename a folder",
    description: "Its creator or a workspace admin.",
    pathParams: folderIdParam,
    body: { schema: folderUpdateSchema, example: examples.folderCreate },
    success: { status: 200, description: "The renamed folder.", schema: folderResponseSchema, example: examples.folderResponse },
    errors: [400, 401, 403, 404, 413, 415],
    access: "key-or-session",
  }),
  deleteFolder: declareOperation({
    method: "delete",
    path: "/api/folders/{id}",
    operationId: "deleteFolder",
    tag: "Folders",
    summary: "Delete a folder",
    description: "Its creator or a workspace admin; its snaps stay, unfiled.",
    pathParams: folderIdParam,
    success: successResponse("Deleted."),
    errors: [401, 403, 404],
    access: "key-or-session",
  }),
};
