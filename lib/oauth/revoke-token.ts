import "server-only";
import { userActor } from "@/lib/audit/audit-actor";
import { db } from "@/lib/db/client";
import { runTransaction } from "@/lib/db/run-transaction";
import type { OAuthClientRecord } from "./find-client";
import { revokeGrant } from "./revoke-grant";
import { hashSecret, isAccessTokenShaped, isRefreshTokenShaped } from "@/lib/auth/access-tokens/token-format";

/**
 * RFC 7009: a refresh token ends its whole grant, an access token ends itself. A token that is
 * unknown, already ended or another client's is ignored: the answer is the same 200 either way.
 */
export async function revokeToken(client: OAuthClientRecord, token: string): Promise<void> {
  if (isAccessTokenShaped(token)) {
    await db.$executeRaw`DELETE FROM "OAuthToken" AS t USING "OAuthGrant" AS g
      WHERE t.hash = ${hashSecret(token)} AND t.kind = 'access' AND g.id = t."grantId" AND g."clientId" = ${client.id}`;
    return;
  }
  if (!isRefreshTokenShaped(token)) return;
  await runTransaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ grantId: string; userId: string }[]>`
      SELECT g.id AS "grantId", g."userId" FROM "OAuthToken" AS t JOIN "OAuthGrant" AS g ON g.id = t."grantId"
      WHERE t.hash = ${hashSecret(token)} AND t.kind = 'refresh' AND g."clientId" = ${client.id}`;
    if (row) await revokeGrant(tx, { id: row.grantId, userId: row.userId }, { action: "oauth.revoked", actor: userActor(row.userId) });
  });
}
