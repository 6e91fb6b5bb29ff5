import "server-only";
import { Prisma } from "@/lib/db/generated/client";
import type { Tx } from "@/lib/db/run-transaction";
import type { SnapChangeRider } from "@/lib/live/snap-change-rider";
import type { WriteActor } from "@/lib/live/write-actor";
import { SNAP_DETAIL_JSON_SQL } from "@/lib/board-model/find-snap-detail";
import { historyChangeOf, type HistoryChange, type Written } from "./history-change";
import { historyRetentionDays, MIN_VERSIONS_KEPT, SNAPSHOT_EVERY } from "./history-config";
import { outlineHistoryChange } from "./outline-history-change";

export interface HistoryEntryInput {
  snapId: string;
  change: HistoryChange;
}

/**
 * History for recordSnapChanges' statement (a rider: no round trip of its own): one entry per
 * changed snap, from its live change and the card rows the write returned (the fields it set, or
 * whole cards it created).
 *   await recordSnapChanges(tx, actor, changes, [snapHistory({ cards: updated })]);
 */
export function snapHistory(written?: Written): SnapChangeRider {
  return ({ actor, changes, snapIds }) =>
    historyCtes(actor, snapIds, fromJson(changes.map((change) => ({ snapId: change.snapId, change: historyChangeOf(change, written) }))));
}

/** The same with each snap's change given (a restore says more than its live event). */
export function snapHistoryOf(entries: readonly HistoryEntryInput[]): SnapChangeRider {
  return ({ actor, snapIds }) => historyCtes(actor, snapIds, fromJson(entries));
}

/** An entry for a write that moves no version: a snap's creation (version 1). A statement of its own. */
export async function insertHistoryEntries(tx: Tx, actor: WriteActor, entries: readonly HistoryEntryInput[]): Promise<void> {
  if (entries.length === 0) return;
  const snapIds = entries.map((entry) => entry.snapId);
  await tx.$executeRaw`
    WITH bumped AS (SELECT id, version, "updatedAt" FROM "Snap" WHERE id = ANY(${snapIds}::text[])) ${historyCtes(actor, snapIds, fromJson(entries))}
    SELECT 1`;
}

// Each change goes with its outline, what the history listing reads (lib/history/outline-history-change.ts).
const fromJson = (entries: readonly HistoryEntryInput[]) =>
  Prisma.sql`SELECT * FROM json_to_recordset(${JSON.stringify(
    entries.map((entry) => ({ ...entry, outline: outlineHistoryChange(entry.change) })),
  )}::json) AS e("snapId" text, change json, outline json)`;

/**
 * The detail as GET answers it ($1 the snap), with the version and updatedAt given ($2, $3): the
 * statement that moves them cannot see its own update of the row.
 */
export const SNAPSHOT_QUERY = `SELECT ${[`'version', s."version"`, `'updatedAt', s."updatedAt"`].reduce((sql, pair, index) => {
  if (!sql.includes(pair)) throw new Error(`history snapshots expect ${pair} in the snap detail's SQL`);
  return sql.replace(pair, `${pair.split(",")[0]}, $${index + 2}`);
}, SNAP_DETAIL_JSON_SQL)}::json FROM "Snap" AS s WHERE s.id = $1`;

/**
 * Inserts each snap's entry (`entries`: "snapId", change json, outline json): its new version and updatedAt
 * (from `bumped`), the actor and the change. The whole snap as GET answers it goes with a version
 * that is a multiple of SNAPSHOT_EVERY, and with one whose previous version has no entry (the
 * snap's first write since history began, or after a write that bypassed history), so a version is
 * always rebuilt from a snapshot and the entries after it; snap_history_snapshot (a database
 * function) runs the detail query only then, so other writes do not even plan it. At a multiple of
 * SNAPSHOT_EVERY the entries retention no longer needs are deleted: those before the newest
 * snapshot at or before the oldest version kept. history_cutoff is MATERIALIZED so that this
 * cutoff is computed once per snap: inlined into the DELETE, its subqueries ran once per history
 * row, quadratic in the snap's history (seconds per write after a few thousand versions).
 */
function historyCtes(actor: WriteActor, snapIds: readonly string[], entries: Prisma.Sql): Prisma.Sql {
  const ids = [...snapIds];
  return Prisma.sql`
    , history_entries AS (${entries}
    ), history_current AS (
      SELECT b.id, b.version, b."updatedAt", e.change, e.outline,
        (b.version % ${SNAPSHOT_EVERY}::int = 0 OR NOT EXISTS (
          SELECT 1 FROM "SnapHistory" AS p WHERE p."snapId" = b.id AND p."snapId" = ANY(${ids}::text[]) AND p.version = b.version - 1)) AS "takesSnapshot"
      FROM bumped AS b JOIN history_entries AS e ON e."snapId" = b.id
    ), history_inserted AS (
      INSERT INTO "SnapHistory" ("snapId", version, "occurredAt", "actorType", "actorUserId", "actorApiKeyId", "actorClientId", change, outline, snapshot)
      SELECT hc.id, hc.version, hc."updatedAt", ${actor.type}::"WriteActorType", ${actor.userId}, ${actor.apiKeyId}, ${actor.clientId}, hc.change, hc.outline,
        CASE WHEN hc."takesSnapshot" THEN snap_history_snapshot(${SNAPSHOT_QUERY}, hc.id, hc.version, hc."updatedAt") END
      FROM history_current AS hc
    ), history_cutoff AS MATERIALIZED (
      SELECT hc.id, (
        SELECT max(h.version) FROM "SnapHistory" AS h
        WHERE h."snapId" = hc.id AND h.snapshot IS NOT NULL AND h.version <= LEAST(hc.version - ${MIN_VERSIONS_KEPT - 1}::int, (
          SELECT min(r.version) FROM "SnapHistory" AS r
          WHERE r."snapId" = hc.id AND r."occurredAt" >= now() - make_interval(days => ${historyRetentionDays()}::int)))
      ) AS base
      FROM history_current AS hc WHERE hc.version % ${SNAPSHOT_EVERY}::int = 0
    ), history_pruned AS (
      DELETE FROM "SnapHistory" AS h USING history_cutoff AS cut
      WHERE h."snapId" = cut.id AND h."snapId" = ANY(${ids}::text[]) AND h.version < cut.base
    )`;
}
