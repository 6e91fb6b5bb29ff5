import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { SNAP_ACCESS_CHANNEL } from "@/lib/live/live-channels";
import { NotificationListener } from "@/lib/live/notification-listener";
import { parseLiveNotification } from "@/lib/live/parse-live-notification";
import { readMembership } from "@/lib/live/read-membership";
import { streamsEndedBy } from "@/lib/live/streams-ended-by";
import { logger } from "@/lib/log/logger";
import { sseMessage, SSE_PING } from "@/lib/live/sse";
import { countUnread } from "./count-unread";
import { NOTIFICATION_COLUMNS_SQL, toNotification, type NotificationRow } from "./notification-row";
import { USER_NOTIFICATIONS_CHANNEL } from "./notification-channel";
import { readableSnapSql } from "./readable-notification-sql";

/** One open GET /api/notifications/stream. */
export interface InboxSubscriber {
  /** Updated in place when the user's membership changes. */
  principal: Principal;
  /** The newest notification this stream has sent (or that existed when it opened). */
  last: { at: Date; id: string };
  unreadCount: number;
  send(message: Uint8Array): void;
  /** Ends the stream (after access-revoked). */
  close(): void;
}

interface UserChannel {
  subscribers: Set<InboxSubscriber>;
  running: boolean;
  again: boolean;
}

const PING_MS = 20_000;
/** A burst of notifications is sent as it comes, but a wake-up reads at most this many per user. */
const BATCH = 50;

/**
 * The inboxes' fan-out of one app instance: a LISTEN on user_notifications (payload: the user id,
 * sent when a notification is recorded or read), the open streams grouped per user. A wake-up reads
 * the user's notifications newer than the oldest of their streams' last one, of snaps the user can
 * read now, and the unread count, once for all their streams: `notification` messages, then
 * `unread` when the count moved. It listens on snap_access too: a revoked key or connected app and
 * an ended session end their streams here as they do snap streams (lib/live/streams-ended-by.ts),
 * and a membership change re-reads what the user's streams may see.
 */
class NotificationStreamHub {
  private readonly users = new Map<string, UserChannel>();
  private readonly listener = new NotificationListener({
    channels: [USER_NOTIFICATIONS_CHANNEL, SNAP_ACCESS_CHANNEL],
    onNotification: (channel, payload) => this.onNotification(channel, payload),
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

  private onNotification(channel: string, payload: string): void {
    if (channel === USER_NOTIFICATIONS_CHANNEL) return this.wake(payload);
    const notification = parseLiveNotification(channel, payload);
    const ended = streamsEndedBy(notification);
    if (ended) {
      const bytes = sseMessage("access-revoked", { message: ended.message });
      for (const { subscribers } of this.users.values()) {
        for (const subscriber of [...subscribers]) {
          if (!ended.ends(subscriber.principal)) continue;
          subscriber.send(bytes);
          subscriber.close();
        }
      }
    } else if (notification?.kind === "membership" && this.users.has(notification.userId)) {
      void this.reloadMembership(notification.userId).catch((error: unknown) => logger.error({ err: error }, "notifications: access re-check failed"));
    }
  }

  /** The user moved workspace or changed role: what their streams may read follows before the next wake-up. */
  private async reloadMembership(userId: string): Promise<void> {
    const membership = await readMembership(userId);
    const channel = this.users.get(userId);
    if (!channel) return;
    for (const subscriber of channel.subscribers) {
      // No membership at all: an impossible workspace, so only notifications of own snaps stay readable.
      subscriber.principal = { ...subscriber.principal, workspaceId: membership?.workspaceId ?? "", role: membership?.role ?? "member" };
    }
    this.wake(userId);
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
          await this.deliver(channel);
        } while (channel.again && channel.subscribers.size > 0);
      } catch (error) {
        logger.error({ err: error }, "notifications: stream catch-up failed");
      } finally {
        channel.running = false;
      }
    })();
  }

  /** Two queries per wake-up whatever the number of the user's streams (they share one principal). */
  private async deliver(channel: UserChannel): Promise<void> {
    const subscribers = [...channel.subscribers];
    const [first] = subscribers;
    if (!first) return;
    const { principal } = first;
    const from = subscribers.reduce((oldest, { last }) => (isAfter(oldest, last) ? last : oldest), first.last);
    const rows = await db.$queryRaw<NotificationRow[]>`
      SELECT ${Prisma.raw(NOTIFICATION_COLUMNS_SQL)}
      FROM "Notification" AS n JOIN "Snap" AS s ON s.id = n."snapId" JOIN "Comment" AS c ON c.id = n."commentId"
      WHERE n."userId" = ${principal.userId} AND ${readableSnapSql(principal.userId, principal.workspaceId)}
        AND (n."createdAt", n.id) > (${from.at}::timestamptz, ${from.id})
      ORDER BY n."createdAt", n.id
      LIMIT ${Prisma.raw(String(BATCH))}`;
    const messages = rows.map((row) => ({ last: { at: row.createdAt, id: row.id }, bytes: sseMessage("notification", toNotification(row)) }));
    const unreadCount = await countUnread(principal);
    const unread = sseMessage("unread", { unreadCount });
    for (const subscriber of subscribers) {
      if (!channel.subscribers.has(subscriber)) continue;
      for (const message of messages) {
        if (!isAfter(message.last, subscriber.last)) continue;
        subscriber.send(message.bytes);
        subscriber.last = message.last;
      }
      if (unreadCount !== subscriber.unreadCount) {
        subscriber.unreadCount = unreadCount;
        subscriber.send(unread);
      }
    }
    // A full batch: there may be more behind it.
    if (rows.length === BATCH) channel.again = true;
  }
}

/** (createdAt, id) order, as the query's. */
function isAfter(a: { at: Date; id: string }, b: { at: Date; id: string }): boolean {
  const difference = a.at.getTime() - b.at.getTime();
  return difference > 0 || (difference === 0 && a.id > b.id);
}

const holder = globalThis as unknown as { notificationStreamHub?: NotificationStreamHub };

/** The process's hub, started on first use. */
export function getNotificationStreamHub(): NotificationStreamHub {
  return (holder.notificationStreamHub ??= new NotificationStreamHub());
}
