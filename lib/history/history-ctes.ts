import { Prisma } from "@/lib/db/generated/client";
import { MIN_VERSIONS_KEPT, SNAPSHOT_EVERY } from "./history-config";

/** What a write gives the history CTEs, each as SQL: parameters for a batch, named parameters for a single write. */
export interface HistoryCteInput {
  /** A SELECT of one row per snap written: "snapId", change (json), outline (json). */
  entries: Prisma.Sql;
  actor: { type: Prisma.Sql; userId: Prisma.Sql; apiKeyId: Prisma.Sql; clientId: Prisma.Sql };
  retentionDays: Prisma.Sql;
  /** The snapshot query (lib/history/record-snap-history.ts's SNAPSHOT_QUERY), as a parameter or a literal. */
  snapshotQuery: Prisma.Sql;
  /** The snaps written (text[]), when several: keeps the history reads on the snapId index. */
  snapIds?: Prisma.Sql;
}

const raw = (value: number) => Prisma.raw(String(value));

/**
 * The history of a write as CTEs after `bumped` (id, version, "updatedAt" of each snap it moved),
 * for batches (lib/history/record-snap-history.ts) and single writes (history-entry-sql.ts) alike:
 * one entry per snap with its actor, change and outline. The whole snap as GET answers it goes with
 * a version that is a multiple of SNAPSHOT_EVERY, and with one whose previous version has no entry
 * (the snap's first write since history began, or after a write that bypassed history), so a
 * version is always rebuilt from a snapshot and the entries after it; snap_history_snapshot (a
 * database function) runs the detail query only then. At a multiple of SNAPSHOT_EVERY the entries
 * retention no longer needs are deleted: those before the newest snapshot at or before the oldest
 * version kept.
 *
 * history_cutoff is MATERIALIZED so that the cutoff is computed once per snap: inlined into the
 * DELETE, its subqueries ran once per history row, quadratic in the snap's history (seconds per
 * write after a few thousand versions, holding the snap's row lock meanwhile).
 */
export function historyCtes({ entries, actor, retentionDays, snapshotQuery, snapIds }: HistoryCteInput): Prisma.Sql {
  const ofSnaps = (alias: string) => (snapIds ? Prisma.sql` AND ${Prisma.raw(alias)}."snapId" = ANY(${snapIds}::text[])` : Prisma.empty);
  return Prisma.sql`
    , history_entries AS (${entries}
    ), history_current AS (
      SELECT b.id, b.version, b."updatedAt", e.change, e.outline,
        (b.version % ${raw(SNAPSHOT_EVERY)} = 0 OR NOT EXISTS (
          SELECT 1 FROM "SnapHistory" AS p WHERE p."snapId" = b.id${ofSnaps("p")} AND p.version = b.version - 1)) AS "takesSnapshot"
      FROM bumped AS b JOIN history_entries AS e ON e."snapId" = b.id
    ), history_inserted AS (
      INSERT INTO "SnapHistory" ("snapId", version, "occurredAt", "actorType", "actorUserId", "actorApiKeyId", "actorClientId", change, outline, snapshot)
      SELECT hc.id, hc.version, hc."updatedAt", ${actor.type}::"WriteActorType", ${actor.userId}, ${actor.apiKeyId}, ${actor.clientId}, hc.change, hc.outline,
        CASE WHEN hc."takesSnapshot" THEN snap_history_snapshot(${snapshotQuery}, hc.id, hc.version, hc."updatedAt") END
      FROM history_current AS hc
    ), history_cutoff AS MATERIALIZED (
      SELECT hc.id, (
        SELECT max(h.version) FROM "SnapHistory" AS h
        WHERE h."snapId" = hc.id AND h.snapshot IS NOT NULL AND h.version <= LEAST(hc.version - ${raw(MIN_VERSIONS_KEPT - 1)}, (
          SELECT min(r.version) FROM "SnapHistory" AS r
          WHERE r."snapId" = hc.id AND r."occurredAt" >= now() - make_interval(days => ${retentionDays}::int)))
      ) AS base
      FROM history_current AS hc WHERE hc.version % ${raw(SNAPSHOT_EVERY)} = 0
    ), history_pruned AS (
      DELETE FROM "SnapHistory" AS h USING history_cutoff AS cut
      WHERE h."snapId" = cut.id${ofSnaps("h")} AND h.version < cut.base
    )`;
}
