import type { Tx } from "@/lib/db/run-transaction";
import type { SnapChange } from "@/lib/live/snap-change";
import type { WriteActor } from "@/lib/live/write-actor";
import { SNAP_DETAIL_JSON_SQL } from "@/lib/snaps/find-snap-detail";
import { historyChangeOf, type HistoryChange, type Written } from "./history-change";
import { historyRetentionDays, MIN_VERSIONS_KEPT, SNAPSHOT_EVERY } from "./history-config";

/**
 * Stores one history entry per changed snap, in the write's transaction, right after
 * recordSnapChanges moved the versions: ONE statement whatever the number of snaps. Each entry is
 * the snap's new version, its updatedAt, the actor and what the write set; the whole snap as GET
 * answers it is added when the version is a multiple of SNAPSHOT_EVERY or when the version before
 * has no entry (the snap's first write since history began, or one that bypassed history), so a
 * version is always rebuilt from a snapshot and the entries after it. At a snapshot, entries older
 * than the newest snapshot that retention no longer needs are deleted.
 */
export async function recordSnapHistory(tx: Tx, actor: WriteActor, changes: readonly SnapChange[], written?: Written): Promise<void> {
  await insertHistoryEntries(
    tx,
    actor,
    changes.map((change) => ({ snapId: change.snapId, change: historyChangeOf(change, written) })),
  );
}

export async function insertHistoryEntries(tx: Tx, actor: WriteActor, entries: readonly { snapId: string; change: HistoryChange }[]): Promise<void> {
  if (entries.length === 0) return;
  const snapIds = entries.map((entry) => entry.snapId);
  const days = historyRetentionDays();
  await tx.$executeRawUnsafe(INSERT_HISTORY_SQL, JSON.stringify(entries), snapIds, actor.type, actor.userId, actor.apiKeyId, days);
}

// $1 entries JSON, $2 snap ids (a primary-key lookup; see record-snap-changes.ts), $3..$5 actor, $6 retention days.
const INSERT_HISTORY_SQL = `
  WITH input AS (
    SELECT * FROM json_to_recordset($1::json) AS i("snapId" text, change json)
  ), current AS (
    SELECT s.id, s.version, s."updatedAt", i.change,
      (s.version % ${SNAPSHOT_EVERY} = 0 OR NOT EXISTS (
        SELECT 1 FROM "SnapHistory" AS h WHERE h."snapId" = s.id AND h.version = s.version - 1)) AS "takesSnapshot"
    FROM "Snap" AS s JOIN input AS i ON i."snapId" = s.id
    WHERE s.id = ANY($2::text[])
  ), inserted AS (
    INSERT INTO "SnapHistory" ("snapId", version, "occurredAt", "actorType", "actorUserId", "actorApiKeyId", change, snapshot)
    SELECT c.id, c.version, c."updatedAt", $3, $4, $5, c.change,
      CASE WHEN c."takesSnapshot" THEN (SELECT ${SNAP_DETAIL_JSON_SQL} FROM "Snap" AS s WHERE s.id = c.id)::json END
    FROM current AS c
  ), cutoff AS (
    SELECT c.id, (
      SELECT max(h.version) FROM "SnapHistory" AS h
      WHERE h."snapId" = c.id AND h.snapshot IS NOT NULL AND h.version <= LEAST(c.version - ${MIN_VERSIONS_KEPT - 1}, (
        SELECT min(r.version) FROM "SnapHistory" AS r WHERE r."snapId" = c.id AND r."occurredAt" >= now() - make_interval(days => $6::int)))
    ) AS base
    FROM current AS c WHERE c.version % ${SNAPSHOT_EVERY} = 0
  )
  DELETE FROM "SnapHistory" AS h USING cutoff
  WHERE h."snapId" = cutoff.id AND h."snapId" = ANY($2::text[]) AND h.version < cutoff.base`;
