import "server-only";
import { queryRows } from "@/lib/db/query-rows";
import type { WorkspaceRole } from "@/lib/db/generated/enums";
import type { Principal } from "../request/principal";

/**
 * The user's current workspace and role, read from the database on each request rather than
 * trusted from a token, so that a membership change takes effect at once. The same row says the
 * user's session epoch: a token issued in an older one (before "sign out everywhere" or a password
 * change) is no session, on every instance, at its next request; so is a token of a session that
 * was signed out (EndedSession, lib/auth/end-session.ts), looked up in the same statement. On the pool directly: this read
 * runs on every cookie-authenticated request, and Prisma's model API costs about 1 ms more CPU per
 * call (docs/PERFORMANCE.md).
 */
export async function loadSessionPrincipal(userId: string, tokenEpoch: number, sessionId: string | null): Promise<Principal | null> {
  const [membership] = await queryRows<{ workspaceId: string; role: WorkspaceRole; sessionEpoch: number; ended: boolean }>(
    `SELECT m."workspaceId", m.role::text AS role, u."sessionEpoch",
       EXISTS (SELECT 1 FROM "EndedSession" e WHERE e.id = $2) AS ended
     FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE m."userId" = $1`,
    [userId, sessionId ?? ""],
  );
  if (!membership || membership.ended || tokenEpoch < membership.sessionEpoch) return null;
  return {
    userId,
    workspaceId: membership.workspaceId,
    role: membership.role,
    via: "session",
    sessionEpoch: tokenEpoch,
    ...(sessionId ? { sessionId } : {}),
  };
}
