import "server-only";
import { randomBytes } from "node:crypto";
import type { Principal } from "@/lib/request/principal";
import { logger } from "@/lib/log/logger";
import { hasSnapAccess, isSnapMember, lostAccessMessage, snapAccessFor } from "@/lib/board-model/snap-access";
import { SNAP_ACCESS_CHANNEL, SNAP_EVENTS_CHANNEL, SNAP_PRESENCE_CHANNEL } from "./live-channels";
import { decodeCommentNotice, SNAP_COMMENTS_CHANNEL } from "./comment-notice";
import { NotificationListener } from "./notification-listener";
import { readSnapAccessFacts } from "./read-snap-access-facts";
import { KeyedBatch } from "./keyed-batch";
import { parseLiveNotification } from "./parse-live-notification";
import { PRESENCE_BATCH_MS, PRESENCE_HEARTBEAT_MS, PresenceRegistry, type PresenceMessage } from "./presence-registry";
import { publishPresence } from "./publish-presence";
import { readCatchUp } from "./read-catch-up";
import { readMembership } from "./read-membership";
import { sseRetry } from "./sse";
import { streamsEndedBy } from "./streams-ended-by";
import { streamMessage, type Subscriber } from "./stream-subscriber";
import { toChangeMessage } from "./to-change-message";

interface SnapChannel {
  snapId: string;
  subscribers: Set<Subscriber>;
  /** A catch-up query is running; `again` asks for one more after it (a notification came meanwhile). */
  running: boolean;
  again: boolean;
}

const PING_MS = 20_000;
/** The reconnection delay streams ended by a stop are told, spread so that they do not all come back at once. */
const STOP_RETRY_MS = { min: 500, spread: 1_500 };

/**
 * The live-update fan-out of one app instance: one LISTEN connection, the open streams grouped per
 * snap, and presence. A notification '<snapId>:<version>' makes one catch-up query for that snap
 * (readCatchUp), whose events go to each of its streams from that stream's own last version (or a
 * `reset` when they were pruned). Every catch-up re-reads the snap's access facts, so a sharing
 * change revokes streams that lost read access before they see anything more; a membership change
 * ('user:<id>' on snap_access) reloads that user's principal first.
 */
export class SnapStreamHub {
  readonly instanceId = randomBytes(6).toString("base64url");
  private readonly channels = new Map<string, SnapChannel>();
  /** Set when the instance stops: streams opened after it end at once. */
  private stopped = false;
  /** Viewer-list changes, coalesced: a burst of joins sends one `presence` per stream, not one per join. */
  private readonly presenceChanges = new KeyedBatch<true>(
    PRESENCE_BATCH_MS,
    () => true,
    (snapId) => this.sendPresence(snapId),
  );
  private readonly presence = new PresenceRegistry(this.instanceId, publishPresence, (snapId) => this.presenceChanges.add(snapId, true));
  private readonly listener = new NotificationListener({
    channels: [SNAP_EVENTS_CHANNEL, SNAP_ACCESS_CHANNEL, SNAP_PRESENCE_CHANNEL, SNAP_COMMENTS_CHANNEL],
    onNotification: (channel, payload) => this.onNotification(channel, payload),
    onListening: () => {
      for (const snapId of this.channels.keys()) this.catchUp(snapId);
    },
  });

  constructor() {
    this.listener.start();
    setInterval(() => this.pingAll(), PING_MS).unref();
    setInterval(() => this.presence.heartbeat(), PRESENCE_HEARTBEAT_MS).unref();
  }

  /** Adds a stream on a snap; returns its removal. It is sent whatever happened after its lastVersion. */
  subscribe(snapId: string, subscriber: Subscriber): () => void {
    if (this.stopped) {
      this.endForStop(subscriber);
      return () => {};
    }
    const channel = this.channels.get(snapId) ?? { snapId, subscribers: new Set(), running: false, again: false };
    this.channels.set(snapId, channel);
    channel.subscribers.add(subscriber);
    this.presence.join(snapId, subscriber.viewer);
    // Also covers a write committed between the caller's read of the version and this moment.
    this.catchUp(snapId);
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      channel.subscribers.delete(subscriber);
      if (channel.subscribers.size === 0 && this.channels.get(snapId) === channel) this.channels.delete(snapId);
      this.presence.leave(snapId, subscriber.viewer.connectionId);
    };
  }

  /** PUT /api/snaps/:id/presence: applied here if the connection is ours, and announced to the other instances. */
  setEditing(snapId: string, connectionId: string, userId: string, editingCardId: string | null): void {
    if (this.presence.setEditing(snapId, connectionId, userId, editingCardId)) return;
    publishPresence({ t: "edit", s: snapId, c: connectionId, u: userId, e: editingCardId });
  }

  /**
   * The instance stops (lib/http/graceful-shutdown.ts): every stream ends with a `retry:` hint, so
   * that browsers and clients reconnect, through the load balancer, to another instance and resume
   * with Last-Event-ID; the LISTEN connection closes.
   */
  endAllForStop(): void {
    this.stopped = true;
    for (const channel of this.channels.values()) for (const subscriber of [...channel.subscribers]) this.endForStop(subscriber);
    this.listener.stop();
  }

  private endForStop(subscriber: Subscriber): void {
    subscriber.send(sseRetry(STOP_RETRY_MS.min + Math.random() * STOP_RETRY_MS.spread));
    subscriber.close();
  }

  private onNotification(channel: string, payload: string): void {
    if (channel === SNAP_COMMENTS_CHANNEL) {
      void this.sendComment(payload).catch((error: unknown) => logger.error({ err: error }, "live: comment delivery failed"));
      return;
    }
    const notification = parseLiveNotification(channel, payload);
    const ended = streamsEndedBy(notification);
    if (ended) {
      this.endStreamsWhere(ended.ends, ended.message);
      return;
    }
    switch (notification?.kind) {
      case "changed":
        if (this.channels.has(notification.snapId)) this.catchUp(notification.snapId);
        break;
      case "deleted":
        this.endAll(notification.snapId, "deleted", "This snap was deleted");
        break;
      case "membership":
        void this.recheckUser(notification.userId).catch((error: unknown) => logger.error({ err: error }, "live: access re-check failed"));
        break;
      case "presence":
        try {
          this.presence.receive(JSON.parse(notification.payload) as PresenceMessage);
        } catch {
          // Not ours or malformed: presence is best effort.
        }
        break;
    }
  }

  /** Runs the snap's catch-up query, or asks the running one to go again once it is done. */
  private catchUp(snapId: string): void {
    const channel = this.channels.get(snapId);
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
        logger.error({ err: error, snapId }, "live: catch-up failed");
      } finally {
        channel.running = false;
      }
    })();
  }

  private async deliver(channel: SnapChannel): Promise<void> {
    const subscribers = [...channel.subscribers];
    if (subscribers.length === 0) return;
    const from = Math.min(...subscribers.map((subscriber) => subscriber.lastVersion));
    const row = await readCatchUp(channel.snapId, from);
    if (!row) {
      this.endAll(channel.snapId, "deleted", "This snap was deleted");
      return;
    }
    // A change too large to carry its cards is followed by a `reset`: every client, this one's
    // board or one written before `cardsOmitted`, then reads the snap again.
    const changes = row.events.map((event) => ({
      version: event.version,
      message: streamMessage("change", toChangeMessage(event), event.version),
      reset: event.cardsOmitted ? streamMessage("reset", { version: event.version }) : null,
    }));
    for (const subscriber of subscribers) {
      if (!channel.subscribers.has(subscriber)) continue;
      const access = snapAccessFor(subscriber.principal, row);
      if (!access) {
        subscriber.send(streamMessage("access-revoked", { message: lostAccessMessage(subscriber.principal, row, subscriber.member) }));
        subscriber.close();
        continue;
      }
      subscriber.member = isSnapMember(subscriber.principal, row);
      // A role or share mode changed (a member's role lowered, say): the board adapts before the next refusal.
      if (access !== subscriber.access) {
        subscriber.access = access;
        subscriber.send(streamMessage("access", { access }));
      }
      if (subscriber.lastVersion >= row.version) {
        if (subscriber.lastVersion > row.version) this.reset(subscriber, row.version);
        continue;
      }
      // Versions are consecutive; a gap before the oldest stored event means some were pruned.
      if (row.oldest === null || row.oldest > subscriber.lastVersion + 1) {
        this.reset(subscriber, row.version);
        continue;
      }
      for (const change of changes) {
        if (change.version <= subscriber.lastVersion) continue;
        subscriber.send(change.message);
        if (change.reset) subscriber.send(change.reset);
        subscriber.lastVersion = change.version;
      }
    }
  }

  /**
   * A comment changed (lib/comments/record-comment-change.ts): the streams on its snap that may read
   * it get the NOTIFY's payload as a `comment` message. Comments move no version: nothing to catch
   * up on reconnect, the board reads its comments again then.
   */
  private async sendComment(payload: string): Promise<void> {
    const notice = decodeCommentNotice(payload);
    if (!notice || !this.channels.has(notice.snapId)) return;
    const facts = await readSnapAccessFacts(notice.snapId);
    const channel = this.channels.get(notice.snapId);
    if (!facts || !channel) return;
    const bytes = streamMessage("comment", notice);
    for (const subscriber of channel.subscribers) if (hasSnapAccess(subscriber.principal, facts, "read")) subscriber.send(bytes);
  }

  private reset(subscriber: Subscriber, version: number): void {
    subscriber.send(streamMessage("reset", { version }));
    subscriber.lastVersion = version;
  }

  /** A user's membership changed: reload it for their streams, then re-check their snaps and the snaps they own. */
  private async recheckUser(userId: string): Promise<void> {
    const membership = await readMembership(userId);
    for (const channel of this.channels.values()) {
      for (const subscriber of channel.subscribers) {
        if (subscriber.principal.userId !== userId) continue;
        // No membership at all: an impossible principal, so only own snaps stay readable.
        subscriber.principal = { ...subscriber.principal, workspaceId: membership?.workspaceId ?? "", role: membership?.role ?? "member" };
      }
    }
    // The user's own snaps may have moved workspace and been unshared: every channel is re-read
    // (one query per snap viewed on this instance), rarely, only on membership changes.
    for (const snapId of this.channels.keys()) this.catchUp(snapId);
  }

  /** Ends the streams whose principal may not read anything any more (a revoked key, an ended session). */
  private endStreamsWhere(lostAccess: (principal: Principal) => boolean, message: string): void {
    const bytes = streamMessage("access-revoked", { message });
    for (const channel of this.channels.values()) {
      for (const subscriber of channel.subscribers) {
        if (!lostAccess(subscriber.principal)) continue;
        subscriber.send(bytes);
        subscriber.close();
      }
    }
  }

  private endAll(snapId: string, event: "deleted", message: string): void {
    const channel = this.channels.get(snapId);
    if (!channel) return;
    const bytes = streamMessage(event, { message });
    for (const subscriber of [...channel.subscribers]) {
      subscriber.send(bytes);
      subscriber.close();
    }
  }

  private sendPresence(snapId: string): void {
    const channel = this.channels.get(snapId);
    if (!channel) return;
    const bytes = streamMessage("presence", { viewers: this.presence.viewers(snapId) });
    for (const subscriber of channel.subscribers) subscriber.send(bytes);
  }

  private pingAll(): void {
    for (const channel of this.channels.values()) for (const subscriber of channel.subscribers) subscriber.ping();
  }
}

const globalForHub = globalThis as unknown as { snapStreamHub?: SnapStreamHub };

/** The instance's hub, started on first use and kept on globalThis (one per process, whatever the bundling). */
export function getSnapStreamHub(): SnapStreamHub {
  return (globalForHub.snapStreamHub ??= new SnapStreamHub());
}

/** Ends this process's event streams for a stop, if it has any (lib/http/graceful-shutdown.ts). */
export function endEventStreamsForStop(): void {
  globalForHub.snapStreamHub?.endAllForStop();
}
