import { Prisma } from "@/lib/db/generated/client";
import { historyCtes } from "./history-ctes";
import { SNAPSHOT_QUERY } from "./record-snap-history";

// The snapshot query as a literal of the statement, sent once with its text rather than with every write.
const SNAPSHOT_QUERY_LITERAL = `'${SNAPSHOT_QUERY.replaceAll("'", "''")}'`;

/**
 * The history entry of a single write (lib/single-writes/single-write-sql.ts), as CTEs of its
 * statement: the CTEs batches use (lib/history/history-ctes.ts), for the one snap in `bumped`, with
 * its change and its outline (lib/history/outline-history-change.ts) given as SQL (json) by the
 * write, which knows both; a change of ids only is its own outline. `param` names the actor and the
 * retention in days. The outline is not derived from the change here: changeOutlineSql's generic
 * walk made a card PATCH's statement about a quarter slower (docs/PERFORMANCE.md, "Single writes").
 *
 * The snapshot function runs its query with a snapshot of its own, which sees the rows this
 * statement has changed before it: `bumped` must read the CTEs that change cards or lines, so
 * that they ran first (docs/ARCHITECTURE.md, "Single writes").
 */
export function historyEntrySql(
  param: (name: "actorType" | "actorUserId" | "actorApiKeyId" | "actorClientId" | "retentionDays") => string,
  change: string,
  outline: string = change,
): string {
  const named = (name: Parameters<typeof param>[0]) => Prisma.raw(param(name));
  return historyCtes({
    entries: Prisma.raw(`SELECT b.id AS "snapId", ${change} AS change, ${outline} AS outline FROM bumped AS b`),
    actor: {
      type: Prisma.raw(`${param("actorType")}::text`),
      userId: named("actorUserId"),
      apiKeyId: named("actorApiKeyId"),
      clientId: named("actorClientId"),
    },
    retentionDays: named("retentionDays"),
    snapshotQuery: Prisma.raw(SNAPSHOT_QUERY_LITERAL),
  }).text;
}
