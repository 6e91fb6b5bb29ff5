import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { MAX_LISTED_OWN_INVITATIONS } from "./invitation-limits";

/**
 * GET /api/invitations: pending invitations addressed to the caller's email, newest first, but
 * not one to the workspace they are in. An invitation sent before its email had an account shows
 * up once that account exists (docs/API.md, "Invitations").
 */
export async function listOwnInvitations(principal: Principal) {
  const user = await db.user.findUnique({ where: { id: principal.userId }, select: { email: true } });
  if (!user) return { invitations: [] };
  const rows = await db.workspaceInvitation.findMany({
    where: { email: user.email, expiresAt: { gt: new Date() }, workspaceId: { not: principal.workspaceId } },
    select: {
      id: true,
      role: true,
      createdAt: true,
      expiresAt: true,
      workspace: { select: { id: true, name: true } },
      invitedBy: { select: { name: true, email: true } },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_LISTED_OWN_INVITATIONS,
  });
  return { invitations: rows };
}
