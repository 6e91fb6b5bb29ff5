import "server-only";
import { createHash } from "node:crypto";
import { userActor } from "@/lib/audit/audit-actor";
import { runTransaction } from "@/lib/db/run-transaction";
import type { OAuthClientRecord } from "./find-client";
import { issueTokens, type TokenResponse } from "./issue-tokens";
import { OAuthError } from "./oauth-error";
import { revokeGrant } from "./revoke-grant";
import { hashSecret, sameSecretHash } from "@/lib/auth/access-tokens/token-format";

const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * The authorization_code grant: the code must be this client's, unused, unexpired, for this
 * redirect URI and resource, and the verifier must hash to its PKCE challenge (S256). A code
 * presented a second time revokes the grant and every token issued from it (RFC 6749 §4.1.2).
 */
export async function exchangeAuthorizationCode(client: OAuthClientRecord, form: URLSearchParams): Promise<TokenResponse> {
  const code = required(form, "code");
  const redirectUri = required(form, "redirect_uri");
  const verifier = required(form, "code_verifier");
  const resource = form.get("resource");

  return runTransaction(async (tx) => {
    const [grant] = await tx.$queryRaw<
      {
        id: string;
        userId: string;
        clientId: string;
        scopes: string;
        resource: string;
        redirectUri: string;
        codeChallenge: string;
        expired: boolean;
        used: boolean;
      }[]
    >`SELECT id, "userId", "clientId", scopes, resource, "redirectUri", "codeChallenge", "codeExpiresAt" <= now() AS expired, "codeUsedAt" IS NOT NULL AS used
      FROM "OAuthGrant" WHERE "codeHash" = ${hashSecret(code)} AND "revokedAt" IS NULL FOR UPDATE`;
    if (!grant || grant.clientId !== client.id) throw invalidGrant("Unknown, expired or revoked authorization code");
    if (grant.used) {
      await revokeGrant(tx, grant, { action: "oauth.revoked", actor: userActor(grant.userId) });
      return { reused: true as const };
    }
    if (grant.expired) throw invalidGrant("The authorization code has expired (codes are valid 60 seconds)");
    if (redirectUri !== grant.redirectUri) throw invalidGrant("redirect_uri is not the one the code was issued for");
    if (!CODE_VERIFIER.test(verifier)) throw invalidGrant("code_verifier must be 43 to 128 characters of [A-Za-z0-9._~-]");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    if (!sameSecretHash(challenge, grant.codeChallenge)) throw invalidGrant("code_verifier does not match the code_challenge (PKCE)");
    if (resource !== null && resource !== grant.resource) throw new OAuthError("invalid_target", "resource is not the one the code was issued for");
    await tx.oAuthGrant.update({ where: { id: grant.id }, data: { codeUsedAt: new Date() }, select: { id: true } });
    return { reused: false as const, tokens: await issueTokens(tx, grant) };
  }).then((result) => {
    // Thrown after the revocation committed.
    if (result.reused) throw invalidGrant("The authorization code was already used: the grant is revoked");
    return result.tokens;
  });
}

function required(form: URLSearchParams, name: string): string {
  const value = form.get(name);
  if (!value) throw new OAuthError("invalid_request", `${name} is required`);
  return value;
}

function invalidGrant(description: string): OAuthError {
  return new OAuthError("invalid_grant", description);
}
