import { Prisma } from "@/lib/db/generated/client";

/** Whether the recipient can still read the notification's snap `s` (the rule of lib/board-model/snap-access.ts). */
export function readableSnapSql(userId: string, workspaceId: string): Prisma.Sql {
  return Prisma.sql`(s."userId" = ${userId} OR (s."workspaceId" = ${workspaceId} AND s."sharedWithWorkspace")
    OR EXISTS (SELECT 1 FROM "SnapMember" AS rm WHERE rm."snapId" = s.id AND rm."userId" = ${userId}))`;
}
