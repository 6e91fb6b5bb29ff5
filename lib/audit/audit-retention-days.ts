import { config } from "@/lib/config";

/** AUDIT_RETENTION_DAYS: entries older than this are not listed and are deleted. */
export function auditRetentionDays(): number {
  return config().AUDIT_RETENTION_DAYS;
}
