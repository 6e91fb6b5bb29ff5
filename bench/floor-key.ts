import { createHash } from "node:crypto";
import bcrypt from "bcrypt";
import type pg from "pg";

const KEY_PATTERN = /^service_sk_[A-Za-z0-9_-]{48}$/;

/**
 * The floors' key check (bench/floor-server.ts, bench/write-floor-handler.ts), as the app's: the
 * `Authorization: Bearer` key's SHA-256 fingerprint → its row id after one bcrypt compare per key
 * and process. Resolves with the id, or null for any other header. Revocation is the caller's read.
 */
export function keyProver(pool: pg.Pool): (authorization: string | null | undefined) => Promise<string | null> {
  const provenKeyIds = new Map<string, string>();
  return async (authorization) => {
    const key = /^Bearer (\S+)$/.exec(authorization?.trim() ?? "")?.[1];
    if (!key || !KEY_PATTERN.test(key)) return null;
    const fingerprint = createHash("sha256").update(key).digest("base64url");
    let keyId = provenKeyIds.get(fingerprint);
    if (!keyId) {
      const { rows } = await pool.query<{ id: string; keyHash: string }>(`SELECT id, "keyHash" FROM "ApiKey" WHERE prefix = $1 AND "revokedAt" IS NULL`, [
        key.slice(0, 20),
      ]);
      for (const row of rows) if (await bcrypt.compare(key, row.keyHash)) keyId = row.id;
      if (!keyId) return null;
      provenKeyIds.set(fingerprint, keyId);
    }
    return keyId;
  };
}
