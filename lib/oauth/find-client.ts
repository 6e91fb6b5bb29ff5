import "server-only";
import { db } from "@/lib/db/client";
import type { Tx } from "@/lib/db/run-transaction";
import { countAttempt, type Attempt } from "@/lib/rate-limit/attempt-limiter";
import { clientMetadataDocumentSchema } from "./client-schemas";
import { fetchClientMetadataDocument, isMetadataDocumentUrl } from "./fetch-client-metadata-document";
import { cachedDocument, cacheDocument } from "./metadata-document-cache";
import { redirectUriProblem } from "./redirect-uri";

export interface OAuthClientRecord {
  id: string;
  name: string;
  redirectUris: string[];
  logoUri: string | null;
  authMethod: string;
  secretHash: string | null;
  metadataDocument: boolean;
  /** A metadata document's: until when it may be used without fetching it again. */
  metadataExpiresAt: Date | null;
}

const CLIENT_SELECT = {
  id: true,
  name: true,
  redirectUris: true,
  logoUri: true,
  authMethod: true,
  secretHash: true,
  metadataDocument: true,
  metadataExpiresAt: true,
} as const;
const MAX_CLIENT_ID_LENGTH = 2000;

/**
 * The client a `client_id` names, or null: a registered one, or a client ID metadata document.
 * A document with a grant is a row, fetched again when its cache time ran out. Any other is kept
 * in memory (lib/oauth/metadata-document-cache.ts); fetching one not there is charged to
 * `fetchBudget` (the registration's budget of the caller's address: 429 past it), and without one
 * (the token and revocation endpoints, where only a client with a grant has anything to do) it is
 * not fetched at all.
 */
export async function findClient(clientId: string, fetchBudget: Attempt | null = null): Promise<OAuthClientRecord | null> {
  if (!clientId || clientId.length > MAX_CLIENT_ID_LENGTH) return null;
  if (!isMetadataDocumentUrl(clientId)) {
    const client = await db.oAuthClient.findUnique({ where: { id: clientId }, select: CLIENT_SELECT });
    return client && !client.metadataDocument ? client : null;
  }
  const stored = await db.oAuthClient.findUnique({ where: { id: clientId }, select: CLIENT_SELECT });
  if (stored?.metadataDocument) {
    if (stored.metadataExpiresAt && stored.metadataExpiresAt > new Date()) return stored;
    const fetched = await readMetadataDocument(clientId);
    return fetched && db.oAuthClient.update({ where: { id: clientId }, data: storedFields(fetched), select: CLIENT_SELECT });
  }
  if (stored) return null;
  const cached = cachedDocument(clientId);
  if (cached) return cached.client;
  if (!fetchBudget) return null;
  await countAttempt(fetchBudget);
  const fetched = await readMetadataDocument(clientId);
  if (fetched) cacheDocument(clientId, { client: fetched, expiresAt: fetched.metadataExpiresAt! });
  return fetched;
}

/**
 * Inside the first grant's transaction: a metadata document's client becomes a row (kept while
 * it has grants, lib/oauth/prune-oauth-records.ts); a registered client already is one.
 */
export async function storeMetadataDocumentClient(tx: Tx, client: OAuthClientRecord): Promise<void> {
  if (!client.metadataDocument) return;
  const fields = storedFields(client);
  await tx.oAuthClient.upsert({ where: { id: client.id }, create: { id: client.id, ...fields }, update: fields, select: { id: true } });
}

function storedFields(client: OAuthClientRecord) {
  const { name, redirectUris, logoUri, authMethod, secretHash, metadataDocument, metadataExpiresAt } = client;
  return { name, redirectUris, logoUri, authMethod, secretHash, metadataDocument, metadataExpiresAt };
}

async function readMetadataDocument(clientId: string): Promise<OAuthClientRecord | null> {
  const fetched = await fetchClientMetadataDocument(clientId);
  if (!fetched) return null;
  const parsed = clientMetadataDocumentSchema.safeParse(fetched.body);
  // The document must name itself, or anyone could pass off another app's metadata as theirs.
  if (!parsed.success || parsed.data.client_id !== clientId) return null;
  if (parsed.data.redirect_uris.some((uri) => redirectUriProblem(uri) !== null)) return null;
  return {
    id: clientId,
    name: parsed.data.client_name ?? new URL(clientId).host,
    redirectUris: parsed.data.redirect_uris,
    logoUri: parsed.data.logo_uri && /^https:\/\//.test(parsed.data.logo_uri) ? parsed.data.logo_uri : null,
    authMethod: "none",
    secretHash: null,
    metadataDocument: true,
    metadataExpiresAt: new Date(Date.now() + fetched.maxAgeSeconds * 1000),
  };
}
