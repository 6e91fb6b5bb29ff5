import "server-only";
import { db } from "@/lib/db/client";
import type { OAuthScope } from "./oauth-config";

/** At most this many connected apps are listed (a person rarely has more than a few). */
export const MAX_CONNECTED_APPS_LISTED = 100;

/**
 * GET /api/account/connected-apps: the user's grants that are in force (not revoked, and past the
 * code stage: a code never exchanged gave no access), newest first.
 */
export async function listConnectedApps(userId: string) {
  const grants = await db.oAuthGrant.findMany({
    where: { userId, revokedAt: null, codeUsedAt: { not: null } },
    orderBy: { createdAt: "desc" },
    take: MAX_CONNECTED_APPS_LISTED,
    select: { id: true, clientId: true, scopes: true, resource: true, createdAt: true, lastUsedAt: true, client: { select: { name: true } } },
  });
  return grants.map((grant) => ({
    id: grant.id,
    clientId: grant.clientId,
    clientName: grant.client.name,
    scopes: grant.scopes.split(" ") as OAuthScope[],
    resource: grant.resource,
    createdAt: grant.createdAt,
    lastUsedAt: grant.lastUsedAt,
  }));
}
