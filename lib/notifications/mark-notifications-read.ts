import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { countUnread } from "./count-unread";
import { USER_NOTIFICATIONS_CHANNEL } from "./notification-channel";
import type { MarkRead } from "./notification-schemas";

/** POST /api/notifications/read: the caller's own notifications only (other ids change nothing). */
export async function markNotificationsRead(principal: Principal, input: MarkRead): Promise<{ unreadCount: number }> {
  if ("all" in input) {
    await db.$executeRaw`UPDATE "Notification" SET "readAt" = now() WHERE "userId" = ${principal.userId} AND "readAt" IS NULL`;
  } else {
    await db.$executeRaw`
      UPDATE "Notification" SET "readAt" = now() WHERE "userId" = ${principal.userId} AND id = ANY(${input.ids}::text[]) AND "readAt" IS NULL`;
  }
  // The user's other open inboxes (tabs, devices) update their count.
  await db.$executeRaw`SELECT pg_notify(${USER_NOTIFICATIONS_CHANNEL}, ${principal.userId})`;
  return { unreadCount: await countUnread(principal) };
}
