import * as api from "../generated/sdk.gen.js";
import type { MarkNotificationsRead, Notification } from "../generated/types.gen.js";
import type { Context } from "../client.js";
import { followEventStream, type LiveEvent, type LiveOptions } from "../live.js";
import { paginate } from "../pagination.js";

/** Your notifications (mentions, replies), newest first, and their live stream. */
export class Notifications {
  constructor(private readonly context: Context) {}

  list(query: { unreadOnly?: boolean; limit?: number } = {}): AsyncGenerator<Notification> {
    return paginate<Notification, string>(undefined, async (after) => {
      const { data } = await api.listNotifications({
        client: this.context.client,
        throwOnError: true,
        query: { unreadOnly: query.unreadOnly === undefined ? undefined : query.unreadOnly ? "true" : "false", limit: query.limit, after },
      });
      return { items: data.notifications, next: data.hasMore ? (data.nextCursor ?? undefined) : undefined };
    });
  }

  /** Marks some (`{ ids }`) or all (`{ all: true }`) read; answers the unread count left. */
  async markRead(body: MarkNotificationsRead): Promise<number> {
    const { data } = await api.markNotificationsRead({ client: this.context.client, throwOnError: true, body });
    return data.unreadCount;
  }

  /** New notifications as they arrive. */
  stream(options: Omit<LiveOptions, "since"> = {}): AsyncGenerator<LiveEvent> {
    return followEventStream((headers, signal) => this.context.raw("/api/notifications/stream", { headers, signal }), options);
  }
}
