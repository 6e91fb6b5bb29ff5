/**
 * A single write's check of the caller's API key, for a principal whose key was not read for this
 * request (`keyUnread`, lib/request/principal.ts): the key is still active with full access, and its
 * user still has the principal's workspace and role, as authentication would have read them
 * (lib/auth/api-keys/authenticate-api-key.ts). True when `keyId` is null (any other caller). One
 * CTE, `caller_key (holds)`, that the write's access condition and its answer read.
 */
export function callerKeySql(param: { keyId: string; userId: string; workspaceId: string; role: string }): string {
  return `caller_key AS (
    SELECT ${param.keyId}::text IS NULL OR EXISTS (
      SELECT 1 FROM "ApiKey" AS k JOIN "Membership" AS m ON m."userId" = k."userId"
      WHERE k.id = ${param.keyId}::text AND k."revokedAt" IS NULL AND k.access = 'full' AND k."userId" = ${param.userId}
        AND m."workspaceId" = ${param.workspaceId} AND m.role::text = ${param.role}
    ) AS holds
  )`;
}
