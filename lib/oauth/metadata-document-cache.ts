import "server-only";
import type { OAuthClientRecord } from "./find-client";
import { METADATA_DOCUMENT_CACHE_ENTRIES } from "./oauth-config";

interface CachedDocument {
  client: OAuthClientRecord;
  expiresAt: Date;
}

const holder = globalThis as unknown as { metadataDocuments?: Map<string, CachedDocument> };

function documents(): Map<string, CachedDocument> {
  return (holder.metadataDocuments ??= new Map());
}

/**
 * Client ID metadata documents read but not yet used for a grant, in this process's memory only:
 * at most METADATA_DOCUMENT_CACHE_ENTRIES of at most 5 KB each, the oldest dropped first. An
 * anonymous `/oauth/authorize?client_id=<URL>` therefore writes nothing to the database; the row
 * is made with the first grant (lib/oauth/approve-authorization.ts).
 */
export function cachedDocument(clientId: string): CachedDocument | null {
  const cached = documents().get(clientId);
  if (!cached) return null;
  if (cached.expiresAt > new Date()) return cached;
  documents().delete(clientId);
  return null;
}

export function cacheDocument(clientId: string, cached: CachedDocument): void {
  const map = documents();
  map.delete(clientId);
  // A Map iterates in insertion order: the first key is the oldest.
  if (map.size >= METADATA_DOCUMENT_CACHE_ENTRIES) map.delete(map.keys().next().value!);
  map.set(clientId, cached);
}
