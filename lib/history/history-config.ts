import { config } from "@/lib/config";

/**
 * History retention (docs/ARCHITECTURE.md, "History"): every version of the last
 * HISTORY_RETENTION_DAYS days (default 90), and the last MIN_VERSIONS_KEPT versions whatever their age.
 */
export const MIN_VERSIONS_KEPT = 100;

/** A whole snapshot of the snap is stored with every version that is a multiple of this. */
export const SNAPSHOT_EVERY = 50;

export function historyRetentionDays(): number {
  return config().HISTORY_RETENTION_DAYS;
}
