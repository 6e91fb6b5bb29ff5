// No imports: the job worker, which loads no Prisma, builds its statements with it too.

/**
 * Whether the user `userId` (in workspace `workspaceId`) can read the snap `alias`, as snapAccessFor
 * (lib/board-model/snap-access.ts) says, as a SQL condition; both are SQL (parameters, usually). For statements that filter many snaps
 * (search, notifications, the event feed).
 */
export function snapReadableSql(alias: string, userId: string, workspaceId: string): string {
  return `(${alias}."userId" = ${userId} OR (${alias}."workspaceId" = ${workspaceId} AND ${alias}."sharedWithWorkspace")
    OR EXISTS (SELECT 1 FROM "SnapMember" AS rm WHERE rm."snapId" = ${alias}.id AND rm."userId" = ${userId}))`;
}
