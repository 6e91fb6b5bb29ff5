import { queryRows } from "@/lib/db/query-rows";
import type { WorkspaceRole } from "@/lib/db/generated/enums";
import type { Principal } from "./principal";

/**
 * The user's current workspace and role, read from the database on each request rather than
 * trusted from a token, so that a membership change takes effect at once. On the pool directly:
 * this read runs on every cookie-authenticated request, and Prisma's model API costs about 1 ms
 * more CPU per call (docs/PERFORMANCE.md).
 */
export async function loadSessionPrincipal(userId: string): Promise<Principal | null> {
  const [membership] = await queryRows<{ workspaceId: string; role: WorkspaceRole }>(
    `SELECT "workspaceId", role::text AS role FROM "Membership" WHERE "userId" = $1`,
    [userId],
  );
  return membership ? { userId, workspaceId: membership.workspaceId, role: membership.role, via: "session" } : null;
}
