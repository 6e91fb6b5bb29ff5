import { Prisma } from "@/lib/db/generated/client";
import { SNAP_EVENTS_CHANNEL } from "./live-channels";

/** Events kept per snap for streams to catch up from; an older Last-Event-ID gets `reset`. */
export const SNAP_EVENTS_KEPT = 500;
/** Versions below the kept ones that a write's prune looks at; all of them at every multiple. */
const SNAP_EVENTS_PRUNE_WINDOW = 64;

/** What a write gives the change's CTEs, each as SQL: parameters for a batch, named parameters (Prisma.raw) for a single write. */
export interface SnapChangeSqlInput {
  /** A SELECT of one column, id: the snaps the write changed, locked as the write needs. */
  snaps: Prisma.Sql;
  /** A SELECT of "snapId" and payload (jsonb): each snap's live change (lib/live/snap-change.ts), with its baseVersion. */
  payloads: Prisma.Sql;
  actor: { type: Prisma.Sql; userId: Prisma.Sql; apiKeyId: Prisma.Sql; clientId: Prisma.Sql };
  /** The snaps' ids (text[]) when known before the statement: keeps its reads on the snapId indexes. */
  snapIds?: Prisma.Sql;
}

/**
 * What every write records of a change, as the CTEs of its one statement, for batches
 * (record-snap-changes.ts) and single writes (lib/single-writes/single-write-sql.ts) alike:
 * `bumped`, each snap's version up by 1 and its updatedAt moved (always forward by at least 1 ms,
 * so that the ETag changes too); `snap_event`, the SnapEvent row that streams catch up from; and
 * `snap_events_pruned`, events beyond the last SNAP_EVENTS_KEPT deleted. The history and the feed
 * ride on `bumped` (lib/history/history-ctes.ts, lib/events/feed-event-sql.ts); the statement ends
 * with snapChangeNotifySql for each row of `bumped`.
 */
export function snapChangeCtes({ snaps, payloads, actor, snapIds }: SnapChangeSqlInput): Prisma.Sql {
  const ofSnaps = (column: string) => (snapIds ? Prisma.sql` AND ${Prisma.raw(column)} = ANY(${snapIds}::text[])` : Prisma.empty);
  return Prisma.sql`bumped AS (
      UPDATE "Snap" AS s SET version = s.version + 1, "updatedAt" = GREATEST(now(), s."updatedAt" + interval '1 millisecond')
      FROM (${snaps}) AS changed
      WHERE s.id = changed.id${ofSnaps("s.id")}
      RETURNING s.id, s.version, s."updatedAt"
    ), snap_event AS (
      INSERT INTO "SnapEvent" ("snapId", version, "actorUserId", "actorType", "actorApiKeyId", "actorClientId", payload)
      SELECT b.id, b.version, ${actor.userId}, ${actor.type}::text::"WriteActorType", ${actor.apiKeyId}, ${actor.clientId}, p.payload
      FROM bumped AS b JOIN (${payloads}) AS p ON p."snapId" = b.id
    ), snap_events_pruned AS (
      DELETE FROM "SnapEvent" AS e USING bumped AS b
      WHERE ${Prisma.raw(snapEventsPrunedSql("e", "b"))}${ofSnaps('e."snapId"')}
    )`;
}

/**
 * The NOTIFY of a changed snap `b` (a row of `bumped`): '<snapId>:<version>' on snap_events tells
 * every app instance, which PostgreSQL does only when the transaction commits.
 */
export function snapChangeNotifySql(b: string): string {
  return `pg_notify('${SNAP_EVENTS_CHANNEL}', ${b}.id || ':' || ${b}.version)`;
}

/**
 * The WHERE condition deleting a snap's events older than the kept ones, for the snap `b` moved to
 * its new version: events `e` of the SNAP_EVENTS_PRUNE_WINDOW versions just below the kept ones,
 * and every older one at each multiple of the window (a version that skipped its event, or a
 * jump). A bound below, not only above, because each write deletes one event: an open range would
 * walk every event deleted since the last vacuum, one index entry each, on every write.
 */
function snapEventsPrunedSql(e: string, b: string): string {
  return `${e}."snapId" = ${b}.id AND ${e}.version <= ${b}.version - ${SNAP_EVENTS_KEPT}
        AND ${e}.version > CASE WHEN ${b}.version % ${SNAP_EVENTS_PRUNE_WINDOW} = 0 THEN 0 ELSE ${b}.version - ${SNAP_EVENTS_KEPT + SNAP_EVENTS_PRUNE_WINDOW} END`;
}
