import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { toWorkspaceMember, workspaceMemberSelect } from "./member-selects";

/** GET /api/workspace/members: the caller's workspace and its members, in the order they joined. */
export async function listWorkspaceMembers(principal: Principal) {
  const [workspace, rows] = await Promise.all([
    db.workspace.findUnique({ where: { id: principal.workspaceId }, select: { id: true, name: true } }),
    db.membership.findMany({
      where: { workspaceId: principal.workspaceId },
      select: workspaceMemberSelect,
      orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
    }),
  ]);
  // The caller was moved to another workspace between authentication and this read.
  if (!workspace) throw new ApiError("NOT_FOUND", "Workspace not found");
  return { workspace, members: rows.map(toWorkspaceMember) };
}
