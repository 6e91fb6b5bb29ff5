/**
 * snapAccessFor's "edit" (lib/board-model/snap-access.ts) as a SQL condition on the snap `alias`, for
 * statements that check access and write at once (lib/single-writes/single-write-sql.ts): the owner; a
 * member of the workspace the snap is shared with, if an admin or the snap's shareMode is edit; a
 * board member whose role is editor.
 * `caller` gives the caller's userId, workspaceId and role as SQL (parameters, usually).
 */
export function snapEditAccessSql(alias: string, caller: { userId: string; workspaceId: string; role: string }): string {
  return `(${alias}."userId" = ${caller.userId} OR (${alias}."sharedWithWorkspace" AND ${alias}."workspaceId" = ${caller.workspaceId}
    AND (${caller.role} = 'admin' OR ${alias}."shareMode" = 'edit'))
    OR EXISTS (SELECT 1 FROM "SnapMember" AS em WHERE em."snapId" = ${alias}.id AND em."userId" = ${caller.userId} AND em.role = 'editor'))`;
}
