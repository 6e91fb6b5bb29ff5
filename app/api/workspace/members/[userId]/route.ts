import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { changeMemberRole } from "@/lib/workspaces/change-member-role";
import { removeWorkspaceMember } from "@/lib/workspaces/remove-workspace-member";
import { changeMemberRoleInputSchema } from "@/lib/workspaces/schemas";

export const PATCH = withPrincipal<{ userId: string }>(async (request, { principal, params }) => {
  const input = await parseJsonBody(request, changeMemberRoleInputSchema);
  return json({ member: await changeMemberRole(principal, params.userId, input) });
});

/** The removed user moves to a fresh personal workspace with their snaps (see removeWorkspaceMember). */
export const DELETE = withPrincipal<{ userId: string }>(async (_request, { principal, params }) => {
  await removeWorkspaceMember(principal, params.userId);
  return json({ success: true });
});

export const GET = methodNotAllowed(["PATCH", "DELETE"]);
export const POST = methodNotAllowed(["PATCH", "DELETE"]);
export const PUT = methodNotAllowed(["PATCH", "DELETE"]);
