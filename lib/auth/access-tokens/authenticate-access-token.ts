import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/query-rows";
import type { WorkspaceRole } from "@/lib/db/generated/enums";
import { logger } from "@/lib/log/logger";
import { hashSecret, isAccessTokenShaped } from "./token-format";

interface AccessTokenRow {
  grantId: string;
  userId: string;
  workspaceId: string;
  role: WorkspaceRole;
  scopes: string;
  resource: string;
  clientId: string;
  clientName: string;
  lastUsedAt: Date | null;
}

export type AccessTokenCheck = { principal: Principal } | { refused: "invalid" | "audience" };

/**
 * The principal of an OAuth access token: its user, capped by its scopes (the token's own when a
 * refresh narrowed them, else its grant's; `read` alone reads only, as a read-only API key). One
 * indexed query by the token's SHA-256 that also reads the grant's revocation and the token's
 * expiry, so a revoked grant fails on the very next request on every instance. A token is accepted only under its resource: `{base}/api` (all of /api) or
 * `{base}/api/mcp` (MCP only); anywhere else it is refused as another audience's.
 */
export async function authenticateAccessToken(token: string, base: string, pathname: string): Promise<AccessTokenCheck> {
  if (!isAccessTokenShaped(token)) return { refused: "invalid" };
  // On the pool directly, as the API key's lookup (lib/db/query-rows.ts).
  const rows = await queryRows<AccessTokenRow>(
    `SELECT g.id AS "grantId", g."userId", m."workspaceId", m.role::text AS role, COALESCE(t.scopes, g.scopes) AS scopes, g.resource, g."clientId", c.name AS "clientName", g."lastUsedAt"
     FROM "OAuthToken" t
     JOIN "OAuthGrant" g ON g.id = t."grantId"
     JOIN "OAuthClient" c ON c.id = g."clientId"
     JOIN "Membership" m ON m."userId" = g."userId"
     WHERE t.hash = $1 AND t.kind = 'access' AND t."expiresAt" > now() AND g."revokedAt" IS NULL`,
    [hashSecret(token)],
  );
  const row = rows[0];
  if (!row) return { refused: "invalid" };
  if (!coversPath(row.resource, base, pathname)) return { refused: "audience" };
  recordGrantUse(row.grantId, row.lastUsedAt);
  return {
    principal: {
      userId: row.userId,
      workspaceId: row.workspaceId,
      role: row.role,
      via: "oauth",
      access: row.scopes.split(" ").includes("write") ? "full" : "read",
      oauth: { grantId: row.grantId, clientId: row.clientId, clientName: row.clientName },
    },
  };
}

function coversPath(resource: string, base: string, pathname: string): boolean {
  if (resource === `${base}/api`) return pathname === "/api" || pathname.startsWith("/api/");
  if (resource === `${base}/api/mcp`) return pathname === "/api/mcp" || pathname.startsWith("/api/mcp/");
  return false;
}

const WRITE_INTERVAL_MS = 60_000;
const lastWrittenAt = new Map<string, number>();
const MAX_TRACKED = 50_000;

/** The connected app's "last used", written at most once a minute per grant, without making the request wait. */
function recordGrantUse(grantId: string, stored: Date | null): void {
  const now = Date.now();
  const last = Math.max(lastWrittenAt.get(grantId) ?? 0, stored?.getTime() ?? 0);
  if (now - last < WRITE_INTERVAL_MS) return;
  if (lastWrittenAt.size >= MAX_TRACKED) lastWrittenAt.clear();
  lastWrittenAt.set(grantId, now);
  db.oAuthGrant
    .update({ where: { id: grantId }, data: { lastUsedAt: new Date(now) }, select: { id: true } })
    .catch((error: unknown) => logger.warn({ err: error, grantId }, "could not record a connected app's last use"));
}
