import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { createTemplate } from "@/lib/templates/create-template";
import { listTemplates } from "@/lib/templates/list-templates";
import { templateCreateSchema } from "@/lib/templates/template-schemas";

export const GET = withPrincipal(async (_request, { principal }) => json({ templates: await listTemplates(principal) }));

/** A snap the caller may edit, saved as a template for the caller's workspace. */
export const POST = withPrincipal(async (request, { principal }) => {
  const input = await parseJsonBody(request, templateCreateSchema);
  return json({ template: await createTemplate(principal, input) }, 201);
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = methodNotAllowed(["GET", "POST"]);
export const DELETE = methodNotAllowed(["GET", "POST"]);
