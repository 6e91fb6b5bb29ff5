import { auditActorOf } from "@/lib/audit/audit-actor";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { parseJsonBody } from "@/lib/http/parse";
import { json, withPrincipal } from "@/lib/http/route";
import { addWorkspaceMember } from "@/lib/workspaces/add-workspace-member";
import { getWorkspaceMember } from "@/lib/workspaces/get-workspace-member";
import { listWorkspaceMembers } from "@/lib/workspaces/list-workspace-members";
import { addWorkspaceMemberInputSchema } from "@/lib/workspaces/schemas";

/** The caller's workspace and its members; sessions and API keys alike (spec 5: admins may act as admins). */
export const GET = withPrincipal(async (_request, { principal }) => json(await listWorkspaceMembers(principal)));

/** An admin brings an existing user in by email: 201 {member}; 404 unknown email, 409 already a member. */
export const POST = withPrincipal(async (request, { principal }) => {
  const input = await parseJsonBody(request, addWorkspaceMemberInputSchema);
  const added = await addWorkspaceMember(principal.userId, input, auditActorOf(principal));
  return json({ member: await getWorkspaceMember(added.workspaceId, added.user.id) }, 201);
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = methodNotAllowed(["GET", "POST"]);
export const DELETE = methodNotAllowed(["GET", "POST"]);
