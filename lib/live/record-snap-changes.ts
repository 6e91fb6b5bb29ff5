import "server-only";
import { Prisma } from "@/lib/db/generated/client";
import type { Tx } from "@/lib/db/run-transaction";
import type { SnapChange } from "./snap-change";
import type { SnapChangeRider } from "./snap-change-rider";
import { SNAP_EVENTS_CHANNEL } from "./live-channels";
import { currentSnapWrite } from "@/lib/request/snap-write-context";
import type { WriteActor } from "./write-actor";

/** Events kept per snap for streams to catch up from; an older Last-Event-ID gets `reset`. */
export const SNAP_EVENTS_KEPT = 500;
/** Versions below the kept ones that a write's prune looks at; all of them at every multiple. */
const SNAP_EVENTS_PRUNE_WINDOW = 64;

/**
 * The WHERE condition deleting a snap's events older than the kept ones, for the snap `bumped`
 * (alias `b`) moved to its new version: events `e` of the SNAP_EVENTS_PRUNE_WINDOW versions just below
 * the kept ones, and every older one at each multiple of the window (a version that skipped its event,
 * or a jump). A bound below, not only above, because each write deletes one event: an open range
 * would walk every event deleted since the last vacuum, one index entry each, on every write.
 */
export function snapEventsPrunedSql(e: string, b: string): string {
  return `${e}."snapId" = ${b}.id AND ${e}.version <= ${b}.version - ${SNAP_EVENTS_KEPT}
        AND ${e}.version > CASE WHEN ${b}.version % ${SNAP_EVENTS_PRUNE_WINDOW} = 0 THEN 0 ELSE ${b}.version - ${SNAP_EVENTS_KEPT + SNAP_EVENTS_PRUNE_WINDOW} END`;
}

/**
 * Records changes to snaps inside the write's own transaction, in ONE statement whatever the number
 * of snaps: each snap's version goes up by 1 (and updatedAt, always forward by at least 1 ms so the ETag changes too), a
 * SnapEvent row stores the change, events beyond the last SNAP_EVENTS_KEPT are pruned, and
 * pg_notify('snap_events', '<snapId>:<version>') tells every app instance, which PostgreSQL does
 * only when the transaction commits. The snaps are locked in id order, after the cards and lines
 * the caller locked (the global lock order). Returns the new versions, and reports them to the
 * write's context for the Snap-Version response header. One change per snap. Riders add their own
 * CTEs to the same statement (lib/live/snap-change-rider.ts; history records its entries so).
 */
export async function recordSnapChanges(
  tx: Tx,
  actor: WriteActor,
  changes: readonly SnapChange[],
  riders: readonly SnapChangeRider[] = [],
): Promise<Map<string, number>> {
  if (changes.length === 0) return new Map();
  const context = currentSnapWrite();
  const baseVersion = context?.baseVersion ?? null;
  const input = changes.map(({ snapId, ...change }) => ({ snapId, payload: { baseVersion, ...change } }));
  // The snap ids also as an array: joined only to the JSON (whose row count the planner guesses at
  // 100), the snaps and their events were read by sequential scans, growing with the tables.
  const snapIds = changes.map((change) => change.snapId);
  const rows = await tx.$queryRaw<{ snapId: string; version: number }[]>`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS i("snapId" text, payload jsonb)
    ), bumped AS (
      UPDATE "Snap" AS s SET version = s.version + 1, "updatedAt" = GREATEST(now(), s."updatedAt" + interval '1 millisecond')
      FROM (SELECT id FROM "Snap" WHERE id = ANY(${snapIds}::text[]) ORDER BY id FOR NO KEY UPDATE) AS locked
      WHERE s.id = locked.id AND s.id = ANY(${snapIds}::text[])
      RETURNING s.id, s.version, s."updatedAt"
    ), inserted AS (
      INSERT INTO "SnapEvent" ("snapId", version, "actorUserId", "actorType", "actorApiKeyId", "actorClientId", payload)
      SELECT b.id, b.version, ${actor.userId}, ${actor.type}::"WriteActorType", ${actor.apiKeyId}, ${actor.clientId}, i.payload FROM bumped AS b JOIN input AS i ON i."snapId" = b.id
    ), pruned AS (
      DELETE FROM "SnapEvent" AS e USING bumped AS b
      WHERE e."snapId" = ANY(${snapIds}::text[]) AND ${Prisma.raw(snapEventsPrunedSql("e", "b"))}
    ) ${
      riders.length
        ? Prisma.join(
            riders.map((rider) => rider({ actor, changes, snapIds })),
            " ",
          )
        : Prisma.empty
    }
    SELECT b.id AS "snapId", b.version FROM bumped AS b,
      LATERAL (SELECT pg_notify(${SNAP_EVENTS_CHANNEL}, b.id || ':' || b.version)) AS notified`;
  const versions = new Map<string, number>();
  for (const { snapId } of changes) {
    const row = rows.find((candidate) => candidate.snapId === snapId);
    if (row) versions.set(snapId, row.version);
  }
  for (const [snapId, version] of versions) context?.versions.set(snapId, version);
  return versions;
}
