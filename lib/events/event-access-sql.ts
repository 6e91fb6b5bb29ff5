import sql, { type Sql } from "sql-template-tag";

/**
 * Built with sql-template-tag, not Prisma.sql: the job worker, which loads no Prisma, runs them on
 * pg (lib/db/pool.ts); Prisma queries embed them through prismaSql (lib/db/prisma-sql.ts).
 *
 * Joins for deciding who may see an event `e` (a "FeedEvent"): its snap `s` as it is now, or, once
 * the snap is gone, the access facts its snap.deleted event `gone` kept.
 */
export const eventAccessJoinsSql = sql`
  LEFT JOIN "Snap" AS s ON s.id = e."snapId"
  LEFT JOIN LATERAL (
    SELECT g."deletedUserId", g."deletedWorkspaceId", g."deletedShared" FROM "FeedEvent" AS g
    WHERE s.id IS NULL AND g."snapId" = e."snapId" AND g.type = 'snap.deleted' LIMIT 1
  ) AS gone ON true`;

/**
 * Whether a user (of that workspace) can read the event's snap now, by the same rule as
 * lib/board-model/snap-access.ts: their own snap, one shared with their workspace, or one they are a
 * board member of. A deleted snap counts as it was when deleted (its board members went with it).
 */
export function eventReadableBySql(userId: Sql, workspaceId: Sql): Sql {
  return sql`(CASE WHEN s.id IS NOT NULL
      THEN s."userId" = ${userId} OR (s."workspaceId" = ${workspaceId} AND s."sharedWithWorkspace")
        OR EXISTS (SELECT 1 FROM "SnapMember" AS rm WHERE rm."snapId" = s.id AND rm."userId" = ${userId})
      ELSE COALESCE(gone."deletedUserId" = ${userId} OR (gone."deletedWorkspaceId" = ${workspaceId} AND gone."deletedShared"), false) END)`;
}
