import { randomBytes } from "node:crypto";
import type { Principal } from "@/lib/auth/principal";
import { cardSelect } from "@/lib/cards/card-selects";
import { pool } from "@/lib/db/client";
import { queryRows } from "@/lib/db/query-rows";
import { logger } from "@/lib/log/logger";
import { hasSnapAccess, type SnapAccessFacts } from "@/lib/snaps/snap-access";
import { SNAP_ACCESS_CHANNEL, SNAP_EVENTS_CHANNEL, SNAP_PRESENCE_CHANNEL } from "./live-channels";
import { NotificationListener } from "./notification-listener";
import { sseMessage } from "./sse";
import { KeyedBatch } from "./keyed-batch";
import { PRESENCE_BATCH_MS, PRESENCE_HEARTBEAT_MS, PresenceRegistry, type PresenceMessage } from "./presence-registry";
import type { Viewer } from "./viewer";

/** The messages a stream sends (README, "Live updates"). */
export type StreamEvent = "ready" | "change" | "reset" | "presence" | "access-revoked" | "deleted";

/** One open event stream, as the hub sees it. */
export interface Subscriber {
  viewer: Viewer;
  /** Updated in place when the user's membership changes. */
  principal: Principal;
  /** The last version this stream has been sent (or started from). */
  lastVersion: number;
  /** Writes one SSE message (made once by the hub and shared by every stream it goes to). */
  send(message: Uint8Array): void;
  ping(): void;
  /** Ends the stream (after access-revoked or deleted). */
  close(): void;
}

interface SnapChannel {
  snapId: string;
  subscribers: Set<Subscriber>;
  /** A catch-up query is running; `again` asks for one more after it (a notification came meanwhile). */
  running: boolean;
  again: boolean;
}

interface StoredEvent {
  version: number;
  actorUserId: string;
  actorName: string | null;
  payload: Record<string, unknown> & { baseVersion: number | null };
  /** The current rows of the cards the event names (cardFields), in grid order. */
  cards: unknown[];
}

interface CatchUpRow extends SnapAccessFacts {
  version: number;
  oldest: number | null;
  events: StoredEvent[];
}

const CARD_JSON = `json_build_object(${Object.keys(cardSelect)
  .map((column) => `'${column}', c."${column}"`)
  .join(", ")})`;
// The snap's current version and access facts, the oldest stored event, and every stored event
// after $2 with its actor's name and the current rows of the cards it names: one statement per
// notification per snap, shared by all of this instance's streams on it.
const CATCH_UP_SQL = `
  SELECT s.version, s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode"::text AS "shareMode",
    (SELECT min(e.version) FROM "SnapEvent" AS e WHERE e."snapId" = s.id) AS oldest,
    COALESCE((SELECT json_agg(json_build_object('version', e.version, 'actorUserId', e."actorUserId",
                'actorName', COALESCE(u.name, u.email), 'payload', e.payload,
                'cards', COALESCE((SELECT json_agg(${CARD_JSON} ORDER BY c.row, c.col, c.id) FROM "Card" AS c
                                   WHERE c."snapId" = s.id AND c.id IN (SELECT jsonb_object_keys(COALESCE(e.payload->'cardFields', '{}')))), '[]'))
                ORDER BY e.version)
              FROM "SnapEvent" AS e LEFT JOIN "User" AS u ON u.id = e."actorUserId"
              WHERE e."snapId" = s.id AND e.version > $2), '[]'::json) AS events
  FROM "Snap" AS s WHERE s.id = $1`;

const PING_MS = 20_000;

/**
 * The live-update fan-out of one app instance: one LISTEN connection, the open streams grouped per
 * snap, and presence. A notification '<snapId>:<version>' makes one catch-up query for that snap,
 * whose events go to each of its streams from that stream's own last version (or a `reset` when
 * they were pruned). Every catch-up re-reads the snap's access facts, so a sharing change revokes
 * streams that lost read access before they see anything more; a membership change ('user:<id>'
 * on snap_access) reloads that user's principal first.
 */
export class SnapStreamHub {
  readonly instanceId = randomBytes(6).toString("base64url");
  private readonly channels = new Map<string, SnapChannel>();
  /** Viewer-list changes, coalesced: a burst of joins sends one `presence` per stream, not one per join. */
  private readonly presenceChanges = new KeyedBatch<true>(PRESENCE_BATCH_MS, () => true, (snapId) => this.sendPresence(snapId));
  private readonly presence = new PresenceRegistry(
    this.instanceId,
    (message) => this.publishPresence(message),
    (snapId) => this.presenceChanges.add(snapId, true),
  );
  private readonly listener = new NotificationListener({
    channels: [SNAP_EVENTS_CHANNEL, SNAP_ACCESS_CHANNEL, SNAP_PRESENCE_CHANNEL],
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
    this.publishPresence({ t: "edit", s: snapId, c: connectionId, u: userId, e: editingCardId });
  }

  /** Open streams on this instance (the load check reads it). */
  get streamCount(): number {
    let count = 0;
    for (const channel of this.channels.values()) count += channel.subscribers.size;
    return count;
  }

  private onNotification(channel: string, payload: string): void {
    if (channel === SNAP_EVENTS_CHANNEL) {
      const separator = payload.lastIndexOf(":");
      const snapId = payload.slice(0, separator);
      if (payload.slice(separator + 1) === "deleted") this.endAll(snapId, "deleted", "This snap was deleted");
      else if (this.channels.has(snapId)) this.catchUp(snapId);
    } else if (channel === SNAP_ACCESS_CHANNEL && payload.startsWith("user:")) {
      void this.recheckUser(payload.slice("user:".length)).catch((error: unknown) => logger.error({ err: error }, "live: access re-check failed"));
    } else if (channel === SNAP_ACCESS_CHANNEL && payload.startsWith("key:")) {
      this.endKeyStreams(payload.slice("key:".length));
    } else if (channel === SNAP_PRESENCE_CHANNEL) {
      try {
        this.presence.receive(JSON.parse(payload) as PresenceMessage);
      } catch {
        // Not ours or malformed: presence is best effort.
      }
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
    const [row] = await queryRows<CatchUpRow>(CATCH_UP_SQL, [channel.snapId, from]);
    if (!row) {
      this.endAll(channel.snapId, "deleted", "This snap was deleted");
      return;
    }
    const changes = row.events.map((event) => ({ version: event.version, message: sse("change", toChangeMessage(event), event.version) }));
    for (const subscriber of subscribers) {
      if (!channel.subscribers.has(subscriber)) continue;
      if (!hasSnapAccess(subscriber.principal, row, "read")) {
        subscriber.send(sse("access-revoked", { message: "You no longer have access to this snap" }));
        subscriber.close();
        continue;
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
        subscriber.lastVersion = change.version;
      }
    }
  }

  private reset(subscriber: Subscriber, version: number): void {
    subscriber.send(sse("reset", { version }));
    subscriber.lastVersion = version;
  }

  /** A user's membership changed: reload it for their streams, then re-check their snaps and the snaps they own. */
  private async recheckUser(userId: string): Promise<void> {
    const affected = [...this.channels.values()].filter((channel) =>
      [...channel.subscribers].some((subscriber) => subscriber.principal.userId === userId),
    );
    const [membership] = await queryRows<{ workspaceId: string; role: Principal["role"] }>(
      `SELECT "workspaceId", role::text AS role FROM "Membership" WHERE "userId" = $1`,
      [userId],
    );
    for (const channel of affected) {
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

  /** A revoked key's streams end as if access were lost: the key may not read anything any more. */
  private endKeyStreams(apiKeyId: string): void {
    const bytes = sse("access-revoked", { message: "The API key of this stream was revoked" });
    for (const channel of this.channels.values()) {
      for (const subscriber of channel.subscribers) {
        if (subscriber.principal.apiKeyId !== apiKeyId) continue;
        subscriber.send(bytes);
        subscriber.close();
      }
    }
  }

  private endAll(snapId: string, event: "deleted", message: string): void {
    const channel = this.channels.get(snapId);
    if (!channel) return;
    const bytes = sse(event, { message });
    for (const subscriber of [...channel.subscribers]) {
      subscriber.send(bytes);
      subscriber.close();
    }
  }

  private sendPresence(snapId: string): void {
    const channel = this.channels.get(snapId);
    if (!channel) return;
    const bytes = sse("presence", { viewers: this.presence.viewers(snapId) });
    for (const subscriber of channel.subscribers) subscriber.send(bytes);
  }

  private publishPresence(message: PresenceMessage): void {
    pool.query("SELECT pg_notify($1, $2)", [SNAP_PRESENCE_CHANNEL, JSON.stringify(message)]).catch((error: Error) => {
      logger.warn({ err: error }, "live: presence notify failed");
    });
  }

  private pingAll(): void {
    for (const channel of this.channels.values()) for (const subscriber of channel.subscribers) subscriber.ping();
  }
}

/** One SSE message of a stream event, typed. */
const sse = (event: StreamEvent, data: unknown, id?: number) => sseMessage(event, data, id);

/** A stored event as the `change` message; cards are sent as they are now (a later event may follow). */
function toChangeMessage({ version, actorUserId, actorName, payload, cards }: StoredEvent) {
  return {
    version,
    baseVersion: payload.baseVersion ?? null,
    actor: { userId: actorUserId, name: actorName },
    cards,
    cardFields: payload.cardFields ?? {},
    deletedCardIds: payload.deletedCardIds ?? [],
    lines: payload.lines ?? [],
    deletedLineIds: payload.deletedLineIds ?? [],
    snap: payload.snap ?? null,
  };
}

const globalForHub = globalThis as unknown as { snapStreamHub?: SnapStreamHub };

/** The instance's hub, started on first use and kept on globalThis (one per process, whatever the bundling). */
export function getSnapStreamHub(): SnapStreamHub {
  return (globalForHub.snapStreamHub ??= new SnapStreamHub());
}

/** Open event streams of this process, without starting the hub (read by GET /metrics). */
export function openStreamCount(): number {
  return globalForHub.snapStreamHub?.streamCount ?? 0;
}
