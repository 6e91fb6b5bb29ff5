import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { deleteLine } from "@/lib/lines/delete-line";
import { lineUpdateSchema } from "@/lib/lines/line-schemas";
import { updateLine } from "@/lib/lines/update-line";

/** Extension (documented in the README): restyle or remove a line. */
export const PATCH = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const input = await parseJsonBody(request, lineUpdateSchema);
  return json({ line: await updateLine(principal, params.id, input) });
});

export const DELETE = withPrincipal<{ id: string }>(async (_request, { principal, params }) => {
  await deleteLine(principal, params.id);
  return json({ success: true });
});

export const GET = methodNotAllowed(["PATCH", "DELETE"]);

export const POST = methodNotAllowed(["PATCH", "DELETE"]);
export const PUT = methodNotAllowed(["PATCH", "DELETE"]);
