import "server-only";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { toWorkspaceMember, workspaceMemberSelect } from "./member-selects";

/** One member of the given workspace in the members API's shape; NOT_FOUND when they are not in it. */
export async function getWorkspaceMember(workspaceId: string, userId: string) {
  const row = await db.membership.findUnique({ where: { userId }, select: { ...workspaceMemberSelect, workspaceId: true } });
  if (!row || row.workspaceId !== workspaceId) throw new ApiError("NOT_FOUND", "No such member in this workspace");
  return toWorkspaceMember(row);
}
