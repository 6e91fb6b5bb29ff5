const DEFAULT_RETENTION_DAYS = 180;

/**
 * AUDIT_RETENTION_DAYS (default 180): entries older than this are not listed and are deleted.
 * Anything but a whole number from 1 to 36500 means the default.
 */
export function auditRetentionDays(): number {
  const value = Number(process.env.AUDIT_RETENTION_DAYS);
  return Number.isInteger(value) && value >= 1 && value <= 36_500 ? value : DEFAULT_RETENTION_DAYS;
}
