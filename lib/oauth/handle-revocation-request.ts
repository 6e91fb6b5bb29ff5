import "server-only";
import { authenticateClient } from "./authenticate-client";
import { OAuthError } from "./oauth-error";
import { oauthJson, readForm } from "./oauth-response";
import { revokeToken } from "./revoke-token";

/** POST {revocation_endpoint} (RFC 7009): 200 whether or not the token was known. */
export async function handleRevocationRequest(request: Request): Promise<Response> {
  const form = await readForm(request);
  const token = form.get("token");
  if (!token) throw new OAuthError("invalid_request", "token is required");
  const client = await authenticateClient(request, form);
  await revokeToken(client, token);
  return oauthJson({});
}
