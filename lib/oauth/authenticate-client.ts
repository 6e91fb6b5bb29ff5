import "server-only";
import { findClient, type OAuthClientRecord } from "./find-client";
import { OAuthError } from "./oauth-error";
import { hashSecret, sameSecretHash } from "@/lib/auth/access-tokens/token-format";

const BASIC_CHALLENGE = { "WWW-Authenticate": 'Basic realm="oauth"' };

/**
 * The client of a token or revocation request (RFC 6749 §2.3): HTTP Basic for a confidential
 * client (`client_secret_basic`), `client_id` in the form for a public one. 401 invalid_client otherwise.
 */
export async function authenticateClient(request: Request, form: URLSearchParams): Promise<OAuthClientRecord> {
  const basic = parseBasic(request.headers.get("authorization"));
  const formClientId = form.get("client_id");
  if (basic && formClientId !== null && formClientId !== basic.clientId) throw invalidClient("client_id differs from the Authorization header's");
  const clientId = basic?.clientId ?? formClientId;
  if (!clientId) throw invalidClient("No client authentication: send client_id (public clients) or HTTP Basic credentials");
  const client = await findClient(clientId);
  if (!client) throw invalidClient("Unknown client");
  if (client.authMethod === "client_secret_basic") {
    if (!basic) throw invalidClient("This client authenticates with HTTP Basic (client_secret_basic)");
    if (!client.secretHash || !sameSecretHash(hashSecret(basic.secret), client.secretHash)) throw invalidClient("Wrong client credentials");
  } else if (basic && basic.secret !== "") {
    throw invalidClient("A public client has no secret");
  }
  return client;
}

function parseBasic(header: string | null): { clientId: string; secret: string } | null {
  const encoded = header && /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header.trim())?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  try {
    // RFC 6749 §2.3.1: both parts are form-urlencoded before being joined.
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " ")),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " ")),
    };
  } catch {
    return null;
  }
}

function invalidClient(description: string): OAuthError {
  return new OAuthError("invalid_client", description, 401, BASIC_CHALLENGE);
}
