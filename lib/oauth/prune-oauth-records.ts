import "server-only";
import { pool } from "@/lib/db/pool";
import { UNUSED_CLIENT_DAYS } from "./oauth-config";

/**
 * The job queue's hourly `oauth-prune` (lib/jobs), on pg alone as every task: dynamically
 * registered clients that never got a grant go 30 days after registering (a metadata document
 * nobody used goes too: it is fetched again on use); expired tokens go, and codes never exchanged
 * a day after they expired.
 */
export async function pruneOAuthRecords(): Promise<void> {
  await pool.query(
    `DELETE FROM "OAuthClient" AS c WHERE c."createdAt" < now() - make_interval(days => $1::int)
       AND NOT EXISTS (SELECT 1 FROM "OAuthGrant" AS g WHERE g."clientId" = c.id)`,
    [UNUSED_CLIENT_DAYS],
  );
  await pool.query(`DELETE FROM "OAuthToken" WHERE "expiresAt" < now()`);
  await pool.query(`DELETE FROM "OAuthGrant" WHERE "codeUsedAt" IS NULL AND "codeExpiresAt" < now() - interval '1 day'`);
}
