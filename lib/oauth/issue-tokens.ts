import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from "./oauth-config";
import { ACCESS_TOKEN_PREFIX, generateSecret, hashSecret, REFRESH_TOKEN_PREFIX } from "@/lib/auth/access-tokens/token-format";

/** The token endpoint's success body (RFC 6749 §5.1). */
export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/**
 * A new access token (1 hour) and refresh token (30 days) of a grant; only their hashes are stored.
 * `scopes`: the access token's when a refresh asked for fewer than the grant's (RFC 6749 §6); the
 * refresh token keeps the grant's, so a later refresh may ask for them again.
 */
export async function issueTokens(tx: Tx, grant: { id: string; scopes: string }, scopes = grant.scopes): Promise<TokenResponse> {
  const accessToken = generateSecret(ACCESS_TOKEN_PREFIX);
  const refreshToken = generateSecret(REFRESH_TOKEN_PREFIX);
  const now = Date.now();
  await tx.oAuthToken.createMany({
    data: [
      {
        hash: hashSecret(accessToken),
        grantId: grant.id,
        kind: "access",
        expiresAt: new Date(now + ACCESS_TOKEN_SECONDS * 1000),
        scopes: scopes === grant.scopes ? null : scopes,
      },
      { hash: hashSecret(refreshToken), grantId: grant.id, kind: "refresh", expiresAt: new Date(now + REFRESH_TOKEN_SECONDS * 1000) },
    ],
  });
  return { access_token: accessToken, token_type: "Bearer", expires_in: ACCESS_TOKEN_SECONDS, refresh_token: refreshToken, scope: scopes };
}
