import "server-only";
import { Prisma } from "@/lib/db/generated/client";
import type { Tx } from "@/lib/db/run-transaction";
import type { SnapChangeRider } from "@/lib/live/snap-change-rider";
import type { WriteActor } from "@/lib/live/write-actor";
import { SNAP_DETAIL_JSON_SQL } from "@/lib/board-model/find-snap-detail";
import { historyChangeOf, type HistoryChange, type Written } from "./history-change";
import { historyRetentionDays } from "./history-config";
import { historyCtes } from "./history-ctes";
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
    historyCtesOf(actor, snapIds, fromJson(changes.map((change) => ({ snapId: change.snapId, change: historyChangeOf(change, written) }))));
}

/** The same with each snap's change given (a restore says more than its live event). */
export function snapHistoryOf(entries: readonly HistoryEntryInput[]): SnapChangeRider {
  return ({ actor, snapIds }) => historyCtesOf(actor, snapIds, fromJson(entries));
}

/** An entry for a write that moves no version: a snap's creation (version 1). A statement of its own. */
export async function insertHistoryEntries(tx: Tx, actor: WriteActor, entries: readonly HistoryEntryInput[]): Promise<void> {
  if (entries.length === 0) return;
  const snapIds = entries.map((entry) => entry.snapId);
  await tx.$executeRaw`
    WITH bumped AS (SELECT id, version, "updatedAt" FROM "Snap" WHERE id = ANY(${snapIds}::text[])) ${historyCtesOf(actor, snapIds, fromJson(entries))}
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

/** The history CTEs (lib/history/history-ctes.ts) of a batch, whose values go as parameters. */
function historyCtesOf(actor: WriteActor, snapIds: readonly string[], entries: Prisma.Sql): Prisma.Sql {
  return historyCtes({
    entries,
    actor: {
      type: Prisma.sql`${actor.type}`,
      userId: Prisma.sql`${actor.userId}`,
      apiKeyId: Prisma.sql`${actor.apiKeyId}`,
      clientId: Prisma.sql`${actor.clientId}`,
    },
    retentionDays: Prisma.sql`${historyRetentionDays()}`,
    snapshotQuery: Prisma.sql`${SNAPSHOT_QUERY}`,
    snapIds: Prisma.sql`${[...snapIds]}`,
  });
}
