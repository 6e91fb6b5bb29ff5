import "server-only";
import { db } from "@/lib/db/client";
import { logger } from "@/lib/log/logger";
import { auditRetentionDays } from "./audit-retention-days";

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
let lastPrunedAt = 0;

/**
 * Deletes entries past the retention, at most once an hour per process, in the background after
 * a write. Listing also leaves them out (lib/audit/list-audit-log.ts), so a late prune shows nothing old.
 */
export function pruneAuditLogSoon(): void {
  const now = Date.now();
  if (now - lastPrunedAt < PRUNE_INTERVAL_MS) return;
  lastPrunedAt = now;
  setImmediate(() => {
    pruneAuditLog().catch((error: unknown) => logger.warn({ err: error }, "could not prune the audit log"));
  });
}

export async function pruneAuditLog(): Promise<number> {
  return db.$executeRawUnsafe(`DELETE FROM "AuditEvent" WHERE "occurredAt" < now() - make_interval(days => $1::int)`, auditRetentionDays());
}
