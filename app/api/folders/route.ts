import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { createFolder } from "@/lib/folders/create-folder";
import { folderCreateSchema } from "@/lib/folders/folder-schemas";
import { listWorkspaceFolders } from "@/lib/folders/list-workspace-folders";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { withIdempotency } from "@/lib/http/with-idempotency";

/** Folders (an extension of the spec, DESIGN-style): per workspace, listed by name. */
export const GET = withPrincipal(async (_request, { principal }) => json({ folders: await listWorkspaceFolders(principal) }));

export const POST = withPrincipal(
  withIdempotency(async (request, { principal }) => {
    const input = await parseJsonBody(request, folderCreateSchema);
    return json({ folder: await createFolder(principal, input) }, 201);
  }),
);

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = methodNotAllowed(["GET", "POST"]);
export const DELETE = methodNotAllowed(["GET", "POST"]);
