import "server-only";
import bcrypt from "bcrypt";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/query-rows";
import type { ApiKeyAccess, WorkspaceRole } from "@/lib/db/generated/enums";
import type { Principal } from "../../request/principal";
import { displayPrefix, fingerprint, isWellFormedApiKey } from "./key-format";
import { recordKeyUse } from "./record-key-use";

interface ActiveKeyRow {
  id: string;
  userId: string;
  workspaceId: string;
  role: WorkspaceRole;
  access: ApiKeyAccess;
  lastUsedAt: Date | null;
}

/** Fingerprints of keys this process has already proven with bcrypt, mapped to their row id. */
const provenKeyIds = new Map<string, string>();
const MAX_PROVEN_KEYS = 50_000;
/** Concurrent first requests with the same key share one bcrypt compare. */
const pendingProofs = new Map<string, Promise<string | null>>();

/** bcrypt compares this process has run: GET /metrics `api_key_bcrypt_compares_total`. */
export const bcryptStats = { compares: 0 };

/**
 * The principal for an API key, or null for any key that is not active.
 * bcrypt (about 55 ms) runs once per key per process; after that each request costs one indexed
 * lookup by id that still reads revokedAt, so a revocation is seen on the very next request.
 */
export async function authenticateApiKey(key: string): Promise<Principal | null> {
  if (!isWellFormedApiKey(key)) return null;
  const keyFingerprint = fingerprint(key);
  const apiKeyId = provenKeyIds.get(keyFingerprint) ?? (await proveKey(key, keyFingerprint));
  if (!apiKeyId) return null;

  const row = await findActiveKey(apiKeyId);
  if (!row) {
    provenKeyIds.delete(keyFingerprint);
    return null;
  }
  recordKeyUse(row.id, row.lastUsedAt);
  return { userId: row.userId, workspaceId: row.workspaceId, role: row.role, via: "apiKey", apiKeyId: row.id, access: row.access };
}

/** True when this process has already proven the key with bcrypt (the hot path: no bcrypt, no limiter). */
export function isProvenApiKey(key: string): boolean {
  return provenKeyIds.has(fingerprint(key));
}

function proveKey(key: string, keyFingerprint: string): Promise<string | null> {
  let pending = pendingProofs.get(keyFingerprint);
  if (!pending) {
    pending = compareWithCandidates(key).finally(() => pendingProofs.delete(keyFingerprint));
    pendingProofs.set(keyFingerprint, pending);
  }
  return pending.then((id) => {
    if (id) remember(keyFingerprint, id);
    return id;
  });
}

async function compareWithCandidates(key: string): Promise<string | null> {
  const candidates = await db.apiKey.findMany({
    where: { prefix: displayPrefix(key), revokedAt: null },
    select: { id: true, keyHash: true },
  });
  for (const candidate of candidates) {
    bcryptStats.compares += 1;
    if (await bcrypt.compare(key, candidate.keyHash)) return candidate.id;
  }
  return null;
}

function remember(keyFingerprint: string, apiKeyId: string) {
  if (provenKeyIds.size >= MAX_PROVEN_KEYS) {
    const oldest = provenKeyIds.keys().next().value;
    if (oldest !== undefined) provenKeyIds.delete(oldest);
  }
  provenKeyIds.set(keyFingerprint, apiKeyId);
}

async function findActiveKey(apiKeyId: string): Promise<ActiveKeyRow | null> {
  // On the pool directly: this read runs on every API-key request (lib/db/query-rows.ts).
  const rows = await queryRows<ActiveKeyRow>(
    `SELECT k.id, k."userId", m."workspaceId", m.role::text AS role, k.access::text AS access, k."lastUsedAt"
     FROM "ApiKey" k JOIN "Membership" m ON m."userId" = k."userId"
     WHERE k.id = $1 AND k."revokedAt" IS NULL`,
    [apiKeyId],
  );
  return rows[0] ?? null;
}
