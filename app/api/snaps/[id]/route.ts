import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { deleteSnap } from "@/lib/snaps/delete-snap";
import { getSnapOrThrow } from "@/lib/snaps/get-snap-or-throw";
import { snapUpdateSchema } from "@/lib/snaps/snap-schemas";
import { updateSnap } from "@/lib/snaps/update-snap";

export const GET = withPrincipal<{ id: string }>(async (_request, { principal, params }) =>
  json({ snap: await getSnapOrThrow(principal, params.id) }),
);

export const PATCH = withPrincipal<{ id: string }>(async (request, { principal, params }) => {
  const input = await parseJsonBody(request, snapUpdateSchema);
  return json({ snap: await updateSnap(principal, params.id, input) });
});

export const DELETE = withPrincipal<{ id: string }>(async (_request, { principal, params }) => {
  await deleteSnap(principal, params.id);
  return json({ success: true });
});

export const POST = methodNotAllowed(["GET", "PATCH", "DELETE"]);
export const PUT = methodNotAllowed(["GET", "PATCH", "DELETE"]);
