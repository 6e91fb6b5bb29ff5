import "server-only";
import { db } from "@/lib/db/client";
import { UNUSED_CLIENT_DAYS } from "./oauth-config";

/**
 * The hourly job (lib/webhooks/start-job-worker.ts): dynamically registered clients that never got
 * a grant go 30 days after registering; expired tokens and codes never exchanged go; client ID
 * metadata documents nobody used and whose cache ran out go too (they are fetched again on use).
 */
export async function pruneOAuthRecords(): Promise<void> {
  const unusedBefore = new Date(Date.now() - UNUSED_CLIENT_DAYS * 86_400_000);
  await db.oAuthClient.deleteMany({ where: { createdAt: { lt: unusedBefore }, grants: { none: {} } } });
  await db.oAuthToken.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  await db.oAuthGrant.deleteMany({ where: { codeUsedAt: null, codeExpiresAt: { lt: new Date(Date.now() - 86_400_000) } } });
}
