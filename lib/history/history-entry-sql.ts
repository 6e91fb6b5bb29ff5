import { MIN_VERSIONS_KEPT, SNAPSHOT_EVERY } from "./history-config";
import { SNAPSHOT_QUERY } from "./record-snap-history";

// The snapshot query as a literal of the statement, sent once with its text rather than with every write.
const SNAPSHOT_QUERY_LITERAL = `'${SNAPSHOT_QUERY.replaceAll("'", "''")}'`;

/**
 * The history entry of a single write (lib/single-writes/single-write-sql.ts), as CTEs of its statement:
 * what lib/history/record-snap-history.ts's historyCtes does for a batch, for the one snap in
 * `bumped` (id, version, "updatedAt") and its change given as SQL (`change`, json). A snapshot is
 * taken at a multiple of SNAPSHOT_EVERY or when the previous version has no entry; the old entries
 * retention no longer needs are pruned at a multiple of SNAPSHOT_EVERY. `param` names the actor,
 * and the retention in days.
 *
 * The snapshot function runs its query with a snapshot of its own, which sees the rows this
 * statement has changed before it: `bumped` must read the CTEs that change cards or lines, so
 * that they ran first (docs/ARCHITECTURE.md, "Single writes").
 *
 * history_cutoff is MATERIALIZED, as in record-snap-history.ts: inlined into the DELETE, its
 * subqueries ran once per history row of the snap, quadratic in its history (seconds per write
 * after a few thousand versions, holding the snap's row lock meanwhile).
 */
export function historyEntrySql(
  param: (name: "actorType" | "actorUserId" | "actorApiKeyId" | "actorClientId" | "retentionDays") => string,
  change: string,
): string {
  return `
    , history_current AS (
      SELECT b.id, b.version, b."updatedAt", ${change} AS change,
        (b.version % ${SNAPSHOT_EVERY} = 0 OR NOT EXISTS (
          SELECT 1 FROM "SnapHistory" AS p WHERE p."snapId" = b.id AND p.version = b.version - 1)) AS "takesSnapshot"
      FROM bumped AS b
    ), history_inserted AS (
      INSERT INTO "SnapHistory" ("snapId", version, "occurredAt", "actorType", "actorUserId", "actorApiKeyId", "actorClientId", change, snapshot)
      SELECT hc.id, hc.version, hc."updatedAt", ${param("actorType")}::text::"WriteActorType", ${param("actorUserId")}, ${param("actorApiKeyId")}, ${param("actorClientId")}, hc.change,
        CASE WHEN hc."takesSnapshot" THEN snap_history_snapshot(${SNAPSHOT_QUERY_LITERAL}, hc.id, hc.version, hc."updatedAt") END
      FROM history_current AS hc
    ), history_cutoff AS MATERIALIZED (
      SELECT hc.id, (
        SELECT max(h.version) FROM "SnapHistory" AS h
        WHERE h."snapId" = hc.id AND h.snapshot IS NOT NULL AND h.version <= LEAST(hc.version - ${MIN_VERSIONS_KEPT - 1}, (
          SELECT min(r.version) FROM "SnapHistory" AS r
          WHERE r."snapId" = hc.id AND r."occurredAt" >= now() - make_interval(days => ${param("retentionDays")}::int)))
      ) AS base
      FROM history_current AS hc WHERE hc.version % ${SNAPSHOT_EVERY} = 0
    ), history_pruned AS (
      DELETE FROM "SnapHistory" AS h USING history_cutoff AS cut
      WHERE h."snapId" = cut.id AND h.version < cut.base
    )`;
}
