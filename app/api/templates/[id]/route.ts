import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { json, withPrincipal } from "@/lib/http/route";
import { deleteTemplate } from "@/lib/templates/delete-template";

/** Its creator or a workspace admin; built-in templates cannot be deleted. */
export const DELETE = withPrincipal<{ id: string }>(async (_request, { principal, params }) => {
  await deleteTemplate(principal, params.id);
  return json({ success: true });
});

export const GET = methodNotAllowed(["DELETE"]);
export const POST = methodNotAllowed(["DELETE"]);
export const PUT = methodNotAllowed(["DELETE"]);
export const PATCH = methodNotAllowed(["DELETE"]);
