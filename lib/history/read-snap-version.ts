import "server-only";
import type { DbOrTx } from "@/lib/db/client";
import type { SnapDetail } from "@/lib/board-model/find-snap-detail";
import type { HistoryChange } from "./history-change";
import { historyRetentionDays, MIN_VERSIONS_KEPT } from "./history-config";
import { rebuildSnapVersion } from "./rebuild-snap-version";

interface StepRow {
  version: number;
  occurredAt: Date;
  change: HistoryChange;
  snapshot: SnapDetail | null;
  retained: boolean;
}

/**
 * The snap as it was at `version`, or null when that version is unknown (never recorded, in the
 * future) or expired (older than the retention days and not among the last MIN_VERSIONS_KEPT,
 * even if its rows are not pruned yet). One statement reads the newest snapshot at or before the
 * version and every entry from there to it; no access check: callers do that.
 */
export async function readSnapVersion(client: DbOrTx, snapId: string, version: number): Promise<SnapDetail | null> {
  const rows = await client.$queryRawUnsafe<StepRow[]>(READ_STEPS_SQL, snapId, version, historyRetentionDays(), MIN_VERSIONS_KEPT);
  const [first] = rows;
  const last = rows.at(-1);
  if (!first?.snapshot || last?.version !== version || !last.retained) return null;
  // The snapshot is JSON: its timestamps come back as Dates, as GET's read returns them.
  const snapshot: SnapDetail = { ...first.snapshot, createdAt: new Date(first.snapshot.createdAt), updatedAt: new Date(first.snapshot.updatedAt) };
  return rebuildSnapVersion(snapshot, rows);
}

// $1 snap, $2 version, $3 retention days, $4 versions kept whatever their age.
const READ_STEPS_SQL = `
  SELECT h.version, h."occurredAt", h.change, h.snapshot,
    (h.version > s.version - $4::int OR h."occurredAt" >= now() - make_interval(days => $3::int)) AS retained
  FROM "SnapHistory" AS h JOIN "Snap" AS s ON s.id = h."snapId"
  WHERE h."snapId" = $1 AND h.version <= $2::int AND h.version >= (
    SELECT max(b.version) FROM "SnapHistory" AS b WHERE b."snapId" = $1 AND b.version <= $2::int AND b.snapshot IS NOT NULL)
  ORDER BY h.version`;
