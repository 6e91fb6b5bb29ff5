import "server-only";
import { db } from "@/lib/db/client";
import { clientMetadataSchema } from "./client-schemas";
import { OAuthError } from "./oauth-error";
import { redirectUriProblem } from "./redirect-uri";
import { generateSecret, hashSecret } from "@/lib/auth/access-tokens/token-format";

export const CLIENT_ID_PREFIX = "service_client_";

/**
 * RFC 7591 dynamic registration: a public client (`none`, PKCE only) or a confidential one
 * (`client_secret_basic`, whose secret is shown once here and stored as a hash). The answer
 * repeats the metadata as registered.
 */
export async function registerClient(body: unknown) {
  const parsed = clientMetadataSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join(".") || "body";
    throw new OAuthError(field.startsWith("redirect_uris") ? "invalid_redirect_uri" : "invalid_client_metadata", `${field}: ${issue.message}`);
  }
  const metadata = parsed.data;
  for (const [index, uri] of metadata.redirect_uris.entries()) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError("invalid_redirect_uri", `redirect_uris.${index}: ${problem}`);
  }
  if (!metadata.grant_types.includes("authorization_code")) throw new OAuthError("invalid_client_metadata", "grant_types: must include authorization_code");
  const logoUri = metadata.logo_uri && /^https:\/\//.test(metadata.logo_uri) ? metadata.logo_uri : null;

  const clientId = generateSecret(CLIENT_ID_PREFIX);
  const secret = metadata.token_endpoint_auth_method === "client_secret_basic" ? generateSecret() : null;
  const name = metadata.client_name ?? "Unnamed app";
  const client = await db.oAuthClient.create({
    data: {
      id: clientId,
      name,
      redirectUris: metadata.redirect_uris,
      logoUri,
      authMethod: metadata.token_endpoint_auth_method,
      secretHash: secret ? hashSecret(secret) : null,
    },
    select: { createdAt: true },
  });
  return {
    client_id: clientId,
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    client_name: name,
    redirect_uris: metadata.redirect_uris,
    token_endpoint_auth_method: metadata.token_endpoint_auth_method,
    grant_types: metadata.grant_types,
    response_types: metadata.response_types,
    ...(logoUri ? { logo_uri: logoUri } : {}),
    ...(metadata.scope ? { scope: metadata.scope } : {}),
  };
}
