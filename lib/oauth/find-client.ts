import "server-only";
import { db } from "@/lib/db/client";
import { clientMetadataDocumentSchema } from "./client-schemas";
import { fetchClientMetadataDocument, isMetadataDocumentUrl } from "./fetch-client-metadata-document";
import { redirectUriProblem } from "./redirect-uri";

export interface OAuthClientRecord {
  id: string;
  name: string;
  redirectUris: string[];
  logoUri: string | null;
  authMethod: string;
  secretHash: string | null;
  metadataDocument: boolean;
}

const CLIENT_SELECT = { id: true, name: true, redirectUris: true, logoUri: true, authMethod: true, secretHash: true, metadataDocument: true } as const;
const MAX_CLIENT_ID_LENGTH = 2000;

/**
 * The client a `client_id` names, or null: a registered one, or a client ID metadata document,
 * fetched when not cached (or its cache ran out) and kept as a row until it expires.
 */
export async function findClient(clientId: string): Promise<OAuthClientRecord | null> {
  if (!clientId || clientId.length > MAX_CLIENT_ID_LENGTH) return null;
  if (!isMetadataDocumentUrl(clientId)) {
    const client = await db.oAuthClient.findUnique({ where: { id: clientId }, select: CLIENT_SELECT });
    return client && !client.metadataDocument ? client : null;
  }
  const cached = await db.oAuthClient.findUnique({ where: { id: clientId }, select: { ...CLIENT_SELECT, metadataExpiresAt: true } });
  if (cached?.metadataDocument && cached.metadataExpiresAt && cached.metadataExpiresAt > new Date()) return cached;
  return refreshMetadataDocument(clientId);
}

async function refreshMetadataDocument(clientId: string): Promise<OAuthClientRecord | null> {
  const fetched = await fetchClientMetadataDocument(clientId);
  if (!fetched) return null;
  const parsed = clientMetadataDocumentSchema.safeParse(fetched.body);
  // The document must name itself, or anyone could pass off another app's metadata as theirs.
  if (!parsed.success || parsed.data.client_id !== clientId) return null;
  if (parsed.data.redirect_uris.some((uri) => redirectUriProblem(uri) !== null)) return null;
  const data = {
    name: parsed.data.client_name ?? new URL(clientId).host,
    redirectUris: parsed.data.redirect_uris,
    logoUri: parsed.data.logo_uri && /^https:\/\//.test(parsed.data.logo_uri) ? parsed.data.logo_uri : null,
    authMethod: "none",
    secretHash: null,
    metadataDocument: true,
    metadataExpiresAt: new Date(Date.now() + fetched.maxAgeSeconds * 1000),
  };
  return db.oAuthClient.upsert({ where: { id: clientId }, create: { id: clientId, ...data }, update: data, select: CLIENT_SELECT });
}
