import "server-only";
import { Prisma } from "@/lib/db/generated/client";
import type { Tx } from "@/lib/db/run-transaction";
import type { SnapChange } from "./snap-change";
import type { SnapChangeRider } from "./snap-change-rider";
import { snapChangeCtes, snapChangeNotifySql } from "./snap-change-sql";
import { currentSnapWrite } from "@/lib/request/snap-write-context";
import type { WriteActor } from "./write-actor";

/**
 * Records changes to snaps inside the write's own transaction, in ONE statement whatever the number
 * of snaps: what every write records (snap-change-sql.ts: the version moved, the SnapEvent, the
 * prune, the NOTIFY on commit), for each snap of `changes`. The snaps are locked in id order, after the cards and lines
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
    WITH ${snapChangeCtes({
      snaps: Prisma.sql`SELECT id FROM "Snap" WHERE id = ANY(${snapIds}::text[]) ORDER BY id FOR NO KEY UPDATE`,
      payloads: Prisma.sql`SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS i("snapId" text, payload jsonb)`,
      actor: {
        type: Prisma.sql`${actor.type}`,
        userId: Prisma.sql`${actor.userId}`,
        apiKeyId: Prisma.sql`${actor.apiKeyId}`,
        clientId: Prisma.sql`${actor.clientId}`,
      },
      snapIds: Prisma.sql`${snapIds}`,
    })} ${
      riders.length
        ? Prisma.join(
            riders.map((rider) => rider({ actor, changes, snapIds })),
            " ",
          )
        : Prisma.empty
    }
    SELECT b.id AS "snapId", b.version FROM bumped AS b, LATERAL (SELECT ${Prisma.raw(snapChangeNotifySql("b"))}) AS notified`;
  const versions = new Map<string, number>();
  for (const { snapId } of changes) {
    const row = rows.find((candidate) => candidate.snapId === snapId);
    if (row) versions.set(snapId, row.version);
  }
  for (const [snapId, version] of versions) context?.versions.set(snapId, version);
  return versions;
}
