import "server-only";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { userActor } from "@/lib/audit/audit-actor";
import { runTransaction } from "@/lib/db/run-transaction";
import type { AuthorizationRequest } from "./authorization-request";
import { storeMetadataDocumentClient } from "./find-client";
import { CODE_SECONDS } from "./oauth-config";
import { generateSecret, hashSecret } from "@/lib/auth/access-tokens/token-format";

/**
 * Allow: a new grant holding an authorization code (single use, 60 s) bound to the client, the
 * redirect URI, the PKCE challenge, the resource and the scopes. Returns the code, once.
 */
export async function approveAuthorization(userId: string, request: AuthorizationRequest): Promise<string> {
  const code = generateSecret();
  await runTransaction(async (tx) => {
    await storeMetadataDocumentClient(tx, request.client);
    const grant = await tx.oAuthGrant.create({
      data: {
        userId,
        clientId: request.client.id,
        scopes: request.scopes.join(" "),
        resource: request.resource,
        redirectUri: request.redirectUri,
        codeHash: hashSecret(code),
        codeChallenge: request.codeChallenge,
        codeExpiresAt: new Date(Date.now() + CODE_SECONDS * 1000),
      },
      select: { id: true },
    });
    await recordAuditEvent(tx, {
      workspace: { ofUserId: userId },
      action: "oauth.authorized",
      actor: userActor(userId),
      target: { type: "oauth_app", id: grant.id, name: request.client.name },
    });
  });
  return code;
}
