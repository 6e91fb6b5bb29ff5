import "server-only";
import type { Principal } from "@/lib/request/principal";
import { queryRows } from "@/lib/db/query-rows";

/** The user's workspace and role now (null: a member of none), to refresh the principal of their open streams. */
export async function readMembership(userId: string): Promise<{ workspaceId: string; role: Principal["role"] } | null> {
  const [membership] = await queryRows<{ workspaceId: string; role: Principal["role"] }>(
    `SELECT "workspaceId", role::text AS role FROM "Membership" WHERE "userId" = $1`,
    [userId],
  );
  return membership ?? null;
}
