import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { readableSnapSql } from "./readable-notification-sql";

/** The caller's unread notifications of snaps they can read now. */
export async function countUnread(principal: Principal): Promise<number> {
  const [row] = await db.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM "Notification" AS n JOIN "Snap" AS s ON s.id = n."snapId"
    WHERE n."userId" = ${principal.userId} AND n."readAt" IS NULL AND ${readableSnapSql(principal.userId, principal.workspaceId)}`;
  return row?.count ?? 0;
}
