import "server-only";
import type { Principal } from "@/lib/request/principal";
import { decodeTimeIdCursor, encodeTimeIdCursor } from "@/lib/http/time-id-cursor";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { countUnread } from "./count-unread";
import { NOTIFICATION_COLUMNS_SQL, toNotification, type NotificationRow } from "./notification-row";
import type { NotificationListArgs, NotificationsPage } from "./notification-schemas";
import { readableSnapSql } from "./readable-notification-sql";

/**
 * GET /api/notifications: the caller's notifications, newest first, of snaps they can read now
 * (one that lost access is hidden, not deleted: it shows again if access comes back).
 */
export async function listNotifications(principal: Principal, args: NotificationListArgs): Promise<NotificationsPage> {
  const after = args.after === undefined ? null : decodeTimeIdCursor(args.after);
  const conditions: Prisma.Sql[] = [Prisma.sql`n."userId" = ${principal.userId}`, readableSnapSql(principal.userId, principal.workspaceId)];
  if (args.unreadOnly) conditions.push(Prisma.sql`n."readAt" IS NULL`);
  if (after) conditions.push(Prisma.sql`(n."createdAt", n.id) < (${after.at}::timestamptz, ${after.id})`);
  const [rows, unreadCount] = await Promise.all([
    db.$queryRaw<NotificationRow[]>`
      SELECT ${Prisma.raw(NOTIFICATION_COLUMNS_SQL)}
      FROM "Notification" AS n JOIN "Snap" AS s ON s.id = n."snapId" JOIN "Comment" AS c ON c.id = n."commentId"
      WHERE ${Prisma.join(conditions, " AND ")}
      ORDER BY n."createdAt" DESC, n.id DESC
      LIMIT ${args.limit + 1}`,
    countUnread(principal),
  ]);
  const page = rows.slice(0, args.limit);
  const last = page.at(-1);
  const hasMore = rows.length > args.limit;
  return {
    notifications: page.map(toNotification),
    unreadCount,
    nextCursor: hasMore && last ? encodeTimeIdCursor({ at: last.createdAt, id: last.id }) : null,
    hasMore,
  };
}
