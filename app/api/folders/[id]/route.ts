import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { deleteFolder } from "@/lib/folders/delete-folder";
import { folderUpdateSchema } from "@/lib/folders/folder-schemas";
import { renameFolder } from "@/lib/folders/rename-folder";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";

export const PATCH = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const input = await parseJsonBody(request, folderUpdateSchema);
  return json({ folder: await renameFolder(principal, params.id, input) });
});

export const DELETE = withPrincipal<{ id: string }>(async (_request, { principal, params }) => {
  await deleteFolder(principal, params.id);
  return json({ success: true });
});

export const GET = methodNotAllowed(["PATCH", "DELETE"]);
export const POST = methodNotAllowed(["PATCH", "DELETE"]);
export const PUT = methodNotAllowed(["PATCH", "DELETE"]);
