import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { NotificationListener } from "@/lib/live/notification-listener";
import { logger } from "@/lib/log/logger";
import { sseMessage, SSE_PING } from "@/lib/live/sse";
import { countUnread } from "./count-unread";
import { NOTIFICATION_COLUMNS_SQL, toNotification, type NotificationRow } from "./notification-row";
import { USER_NOTIFICATIONS_CHANNEL } from "./notification-channel";
import { readableSnapSql } from "./readable-notification-sql";

/** One open GET /api/notifications/stream. */
export interface InboxSubscriber {
  principal: Principal;
  /** The newest notification this stream has sent (or that existed when it opened). */
  last: { at: Date; id: string };
  unreadCount: number;
  send(message: Uint8Array): void;
}

interface UserChannel {
  subscribers: Set<InboxSubscriber>;
  running: boolean;
  again: boolean;
}

const PING_MS = 20_000;
/** A burst of notifications is sent as it comes, but a stream reads at most this many per wake-up. */
const BATCH = 50;

/**
 * The inboxes' fan-out of one app instance: a LISTEN on user_notifications (payload: the user id,
 * sent when a notification is recorded or read), the open streams grouped per user. A wake-up reads
 * the user's notifications newer than each stream's last one, of snaps the user can read now, and
 * the unread count: `notification` messages, then `unread` when the count moved.
 */
class NotificationStreamHub {
  private readonly users = new Map<string, UserChannel>();
  private readonly listener = new NotificationListener({
    channels: [USER_NOTIFICATIONS_CHANNEL],
    onNotification: (_channel, userId) => this.wake(userId),
    onListening: () => {
      for (const userId of this.users.keys()) this.wake(userId);
    },
  });

  constructor() {
    this.listener.start();
    setInterval(() => {
      for (const channel of this.users.values()) for (const subscriber of channel.subscribers) subscriber.send(SSE_PING);
    }, PING_MS).unref();
  }

  subscribe(subscriber: InboxSubscriber): () => void {
    const userId = subscriber.principal.userId;
    const channel = this.users.get(userId) ?? { subscribers: new Set(), running: false, again: false };
    this.users.set(userId, channel);
    channel.subscribers.add(subscriber);
    // Covers a notification recorded between the stream's first read and this moment.
    this.wake(userId);
    return () => {
      channel.subscribers.delete(subscriber);
      if (channel.subscribers.size === 0 && this.users.get(userId) === channel) this.users.delete(userId);
    };
  }

  private wake(userId: string): void {
    const channel = this.users.get(userId);
    if (!channel) return;
    if (channel.running) {
      channel.again = true;
      return;
    }
    channel.running = true;
    void (async () => {
      try {
        do {
          channel.again = false;
          for (const subscriber of [...channel.subscribers]) await this.deliver(subscriber);
        } while (channel.again && channel.subscribers.size > 0);
      } catch (error) {
        logger.error({ err: error }, "notifications: stream catch-up failed");
      } finally {
        channel.running = false;
      }
    })();
  }

  private async deliver(subscriber: InboxSubscriber): Promise<void> {
    const { principal, last } = subscriber;
    const rows = await db.$queryRaw<NotificationRow[]>`
      SELECT ${Prisma.raw(NOTIFICATION_COLUMNS_SQL)}
      FROM "Notification" AS n JOIN "Snap" AS s ON s.id = n."snapId" JOIN "Comment" AS c ON c.id = n."commentId"
      WHERE n."userId" = ${principal.userId} AND ${readableSnapSql(principal.userId, principal.workspaceId)}
        AND (n."createdAt", n.id) > (${last.at}::timestamptz, ${last.id})
      ORDER BY n."createdAt", n.id
      LIMIT ${Prisma.raw(String(BATCH))}`;
    for (const row of rows) {
      subscriber.send(sseMessage("notification", toNotification(row)));
      subscriber.last = { at: row.createdAt, id: row.id };
    }
    const unreadCount = await countUnread(principal);
    if (unreadCount !== subscriber.unreadCount) {
      subscriber.unreadCount = unreadCount;
      subscriber.send(sseMessage("unread", { unreadCount }));
    }
  }
}

const holder = globalThis as unknown as { notificationStreamHub?: NotificationStreamHub };

/** The process's hub, started on first use. */
export function getNotificationStreamHub(): NotificationStreamHub {
  return (holder.notificationStreamHub ??= new NotificationStreamHub());
}
