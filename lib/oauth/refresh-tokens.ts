import "server-only";
import { userActor } from "@/lib/audit/audit-actor";
import { runTransaction } from "@/lib/db/run-transaction";
import { parseScopes } from "./authorization-request";
import type { OAuthClientRecord } from "./find-client";
import { issueTokens, type TokenResponse } from "./issue-tokens";
import { OAuthError } from "./oauth-error";
import { revokeGrant } from "./revoke-grant";
import { hashSecret, isRefreshTokenShaped } from "@/lib/auth/access-tokens/token-format";
import { queryRows } from "@/lib/db/query-rows";
import { countAttempt } from "@/lib/rate-limit/attempt-limiter";

/**
 * Refreshes of one grant an hour, whatever the addresses they come from: each keeps the refresh
 * token it retires (to catch its reuse) until it expires, so this bounds what one grant can store.
 * A client refreshes once per access token, an hour.
 */
const REFRESHES_PER_GRANT_PER_HOUR = 60;

/**
 * The refresh_token grant with rotation: the refresh token is retired and a new pair issued. A
 * retired refresh token presented again means two parties hold it: the whole grant is revoked and
 * `oauth.refresh_reuse` recorded in the audit log (OAuth 2.1 §4.3.1, refresh token rotation).
 */
export async function refreshTokens(client: OAuthClientRecord, form: URLSearchParams): Promise<TokenResponse> {
  const refreshToken = form.get("refresh_token");
  if (!refreshToken) throw new OAuthError("invalid_request", "refresh_token is required");
  if (!isRefreshTokenShaped(refreshToken)) throw invalidGrant();
  const scope = form.get("scope");
  const resource = form.get("resource");
  const [known] = await queryRows<{ grantId: string }>(`SELECT "grantId" FROM "OAuthToken" WHERE hash = $1 AND kind = 'refresh'`, [hashSecret(refreshToken)]);
  if (known) {
    await countAttempt({
      budgets: [{ kind: "oauth-refresh-grant", value: known.grantId, limit: REFRESHES_PER_GRANT_PER_HOUR }],
      windowMs: 3_600_000,
      message: "Too many refreshes of this grant",
    });
  }

  const result = await runTransaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { grantId: string; userId: string; clientId: string; scopes: string; resource: string; retired: boolean; expired: boolean }[]
    >`
      SELECT g.id AS "grantId", g."userId", g."clientId", g.scopes, g.resource, t."retiredAt" IS NOT NULL AS retired, t."expiresAt" <= now() AS expired
      FROM "OAuthToken" AS t JOIN "OAuthGrant" AS g ON g.id = t."grantId"
      WHERE t.hash = ${hashSecret(refreshToken)} AND t.kind = 'refresh' AND g."revokedAt" IS NULL
      FOR UPDATE OF t, g`;
    if (!row || row.clientId !== client.id || row.expired) throw invalidGrant();
    if (row.retired) {
      await revokeGrant(tx, { id: row.grantId, userId: row.userId }, { action: "oauth.refresh_reuse", actor: userActor(row.userId) });
      return { reused: true as const };
    }
    const granted = row.scopes.split(" ");
    // Omitted: the grant's scopes; asked: exactly those, never more (RFC 6749 §6).
    const asked = scope === null ? granted : parseScopes(scope);
    if (!asked || !asked.every((name) => granted.includes(name))) throw new OAuthError("invalid_scope", "scope may not exceed what was granted");
    if (resource !== null && resource !== row.resource) throw new OAuthError("invalid_target", "resource is not the one the grant was issued for");
    await tx.oAuthToken.update({ where: { hash: hashSecret(refreshToken) }, data: { retiredAt: new Date() }, select: { hash: true } });
    // The access tokens issued before stay valid until they expire; the refresh token is what rotates.
    return { reused: false as const, tokens: await issueTokens(tx, { id: row.grantId, scopes: row.scopes }, asked.join(" ")) };
  });
  if (result.reused) throw new OAuthError("invalid_grant", "This refresh token was already used: the grant is revoked");
  return result.tokens;
}

function invalidGrant(): OAuthError {
  return new OAuthError("invalid_grant", "Unknown, expired, revoked or retired refresh token");
}
