import "server-only";
import { db } from "@/lib/db/client";
import { auditRetentionDays } from "./audit-retention-days";

/**
 * Deletes entries past the retention: the job queue's hourly `audit-prune` (lib/jobs). Listing
 * also leaves them out (lib/audit/list-audit-log.ts), so a late prune shows nothing old.
 */
export async function pruneAuditLog(): Promise<number> {
  return db.$executeRawUnsafe(`DELETE FROM "AuditEvent" WHERE "occurredAt" < now() - make_interval(days => $1::int)`, auditRetentionDays());
}
