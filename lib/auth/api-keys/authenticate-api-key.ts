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
/**
 * The row each proven key had when this process last read it, for the writes that check the key in
 * their own statement instead of reading it first (unreadKeyPrincipal). Never trusted on its own.
 */
const lastReadRows = new Map<string, ActiveKeyRow>();
/** Concurrent first requests with the same key share one bcrypt compare. */
const pendingProofs = new Map<string, Promise<string | null>>();

/** The 401 of a key that is not, or no longer, active (lib/auth/authenticate-request.ts, and the writes that read their key late). */
export const INVALID_KEY_MESSAGE = "Invalid, incomplete or revoked API key";

/** The 403 of a write with a key that may only read (lib/http/route.ts, and the writes that read their key late). */
export const READ_ONLY_KEY_MESSAGE = "This API key is read-only";

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
    lastReadRows.delete(apiKeyId);
    return null;
  }
  lastReadRows.set(apiKeyId, row);
  recordKeyUse(row.id, row.lastUsedAt);
  return principalOf(row);
}

/**
 * For an operation whose one statement checks the key itself (`keyCheckedInStatement`,
 * docs/ARCHITECTURE.md, "Single writes"): the principal of a key this process has proven and read
 * before, from that read, marked `keyUnread`, with no database read now; null otherwise (the caller
 * authenticates as usual). The statement writes nothing unless the key is still active, may write,
 * and its user still has this workspace and role (lib/single-writes/caller-key-sql.ts).
 */
export function unreadKeyPrincipal(key: string): Principal | null {
  if (!isWellFormedApiKey(key)) return null;
  const apiKeyId = provenKeyIds.get(fingerprint(key));
  const row = apiKeyId === undefined ? undefined : lastReadRows.get(apiKeyId);
  if (!row || row.access !== "full") return null;
  recordKeyUse(row.id, row.lastUsedAt);
  return { ...principalOf(row), keyUnread: true };
}

/**
 * The principal of an unread key's request, read now (after its statement found the key changed):
 * null when the key is no longer active.
 */
export async function readUnreadKey(principal: Principal): Promise<Principal | null> {
  const row = principal.apiKeyId === undefined ? null : await findActiveKey(principal.apiKeyId);
  if (!row) {
    if (principal.apiKeyId !== undefined) lastReadRows.delete(principal.apiKeyId);
    return null;
  }
  lastReadRows.set(row.id, row);
  return principalOf(row);
}

function principalOf(row: ActiveKeyRow): Principal {
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
    const oldest = provenKeyIds.entries().next().value;
    if (oldest !== undefined) {
      provenKeyIds.delete(oldest[0]);
      lastReadRows.delete(oldest[1]);
    }
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
