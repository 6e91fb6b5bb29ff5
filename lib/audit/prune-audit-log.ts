import "server-only";
import { pool } from "@/lib/db/pool";
import { auditRetentionDays } from "./audit-retention-days";

/**
 * Deletes entries past the retention: the job queue's hourly `audit-prune` (lib/jobs). Listing
 * also leaves them out (lib/audit/list-audit-log.ts), so a late prune shows nothing old.
 */
export async function pruneAuditLog(): Promise<number> {
  const result = await pool.query(`DELETE FROM "AuditEvent" WHERE "occurredAt" < now() - make_interval(days => $1::int)`, [auditRetentionDays()]);
  return result.rowCount ?? 0;
}
