import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { MAX_PENDING_INVITATIONS } from "./invitation-limits";
import { assertWorkspaceAdmin } from "./lock-workspace-members";

/** GET /api/workspace/invitations: the workspace's pending invitations, newest first; admins only (403). */
export async function listWorkspaceInvitations(principal: Principal) {
  assertWorkspaceAdmin(principal, "see invitations");
  const rows = await db.workspaceInvitation.findMany({
    where: { workspaceId: principal.workspaceId, expiresAt: { gt: new Date() } },
    select: {
      id: true,
      email: true,
      role: true,
      expiresAt: true,
      createdAt: true,
      invitedBy: { select: { id: true, name: true, email: true } },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_PENDING_INVITATIONS,
  });
  return { invitations: rows };
}
