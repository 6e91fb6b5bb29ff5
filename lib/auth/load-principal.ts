import { db } from "@/lib/db/client";
import type { Principal } from "./principal";

/**
 * The user's current workspace and role, read from the database on each request rather than
 * trusted from a token, so that a membership change takes effect at once.
 */
export async function loadSessionPrincipal(userId: string): Promise<Principal | null> {
  const membership = await db.membership.findUnique({
    where: { userId },
    select: { workspaceId: true, role: true },
  });
  return membership ? { userId, workspaceId: membership.workspaceId, role: membership.role, via: "session" } : null;
}
