import "server-only";
import type { Principal } from "@/lib/request/principal";
import type { Tx } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";

export interface LockedMember {
  userId: string;
  role: "admin" | "member";
}

/** The 403 of every admin-only members action; a non-admin learns nothing about other users. */
export function assertWorkspaceAdmin(principal: Principal, action: string): void {
  if (principal.role !== "admin") throw new ApiError("FORBIDDEN", `Only an admin of the workspace can ${action}`);
}

/**
 * Every membership of the caller's workspace, locked FOR UPDATE in userId order (the order
 * addWorkspaceMember locks in), after checking that the caller is still one of its admins.
 * Holding them all makes the last-admin rule safe: two admins demoting each other at once queue
 * up, and the second sees one admin left.
 */
export async function lockWorkspaceMembers(tx: Tx, principal: Principal, action: string): Promise<LockedMember[]> {
  const members = await tx.$queryRaw<LockedMember[]>`
    SELECT "userId", role::text AS role FROM "Membership"
    WHERE "workspaceId" = ${principal.workspaceId} ORDER BY "userId" FOR UPDATE`;
  // Re-checked under the lock: the role in the principal was read before this transaction began.
  const caller = members.find((member) => member.userId === principal.userId);
  if (caller?.role !== "admin") throw new ApiError("FORBIDDEN", `Only an admin of the workspace can ${action}`);
  return members;
}

export function countAdmins(members: readonly LockedMember[]): number {
  return members.filter((member) => member.role === "admin").length;
}
