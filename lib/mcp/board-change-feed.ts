import "server-only";
import type { ServerEventBus } from "@modelcontextprotocol/server";
import type { Principal } from "@/lib/request/principal";
import { hasSnapAccess, type SnapAccessFacts } from "@/lib/board-model/snap-access";
import { logger } from "@/lib/log/logger";
import { SNAP_EVENTS_CHANNEL } from "@/lib/live/live-channels";
import { NotificationListener } from "@/lib/live/notification-listener";
import { parseLiveNotification } from "@/lib/live/parse-live-notification";
import { readSnapAccessFacts } from "@/lib/live/read-snap-access-facts";
import { boardUri } from "./board-resources";

/** Told of one board change, with the board's access facts (null: it was deleted). */
type BoardChangeListener = (snapId: string, facts: SnapAccessFacts | null) => void;

/** How long a new subscription waits for this instance's first LISTEN before it is acknowledged anyway. */
const LISTEN_WAIT_MS = 5_000;

/**
 * The board changes of the live pipeline (the snap_events NOTIFY, lib/live/live-channels.ts) for
 * MCP subscribers on this instance: one LISTEN connection, opened with the first subscriber, and
 * one access-facts read per change that someone here listens to.
 */
class BoardChangeFeed {
  private readonly listeners = new Set<BoardChangeListener>();
  private readonly streamEnds = new Set<() => void>();
  private listener: NotificationListener | null = null;
  /** Resolves when the current LISTEN is first in place. */
  private listened: Promise<void> = Promise.resolve();

  /**
   * Resolves once this instance's LISTEN is in place (opening it if need be), so that a change
   * written after a subscription is acknowledged reaches it: the first subscriber of an instance was
   * told "subscribed" while the LISTEN was still connecting, and missed a change written at once.
   * With the database unreachable it resolves after LISTEN_WAIT_MS: the stream opens, and changes
   * reach it once the LISTEN is back (docs/API.md, "MCP").
   */
  async listening(): Promise<void> {
    this.listener ??= this.listen();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.listened, new Promise<void>((resolve) => (timer = setTimeout(resolve, LISTEN_WAIT_MS)))]);
    clearTimeout(timer);
  }

  /** `end` closes the subscriber's stream when the instance stops, so that its client reconnects elsewhere. */
  add(listener: BoardChangeListener, end?: () => void): () => void {
    this.listeners.add(listener);
    if (end) this.streamEnds.add(end);
    this.listener ??= this.listen();
    return () => {
      this.listeners.delete(listener);
      if (end) this.streamEnds.delete(end);
    };
  }

  stop(): void {
    for (const end of [...this.streamEnds]) end();
    this.listener?.stop();
    this.listener = null;
    this.listeners.clear();
  }

  private listen(): NotificationListener {
    let markListened = () => {};
    this.listened = new Promise((resolve) => (markListened = resolve));
    const listener = new NotificationListener({
      channels: [SNAP_EVENTS_CHANNEL],
      onNotification: (channel, payload) => {
        const notification = parseLiveNotification(channel, payload);
        if (notification?.kind !== "changed" && notification?.kind !== "deleted") return;
        if (this.listeners.size === 0) return;
        void this.deliver(notification.snapId, notification.kind === "deleted").catch((error: unknown) =>
          logger.error({ err: error }, "mcp: board change delivery failed"),
        );
      },
      // Missed changes are not replayed: a subscriber reads the board again when told, and a
      // reconnecting client reads what it watches anyway.
      onListening: () => markListened(),
    });
    listener.start();
    return listener;
  }

  private async deliver(snapId: string, deleted: boolean): Promise<void> {
    const facts = deleted ? null : await readSnapAccessFacts(snapId);
    for (const listener of this.listeners) listener(snapId, facts);
  }
}

const globalForFeed = globalThis as unknown as { mcpBoardChangeFeed?: BoardChangeFeed };

export function boardChangeFeed(): BoardChangeFeed {
  return (globalForFeed.mcpBoardChangeFeed ??= new BoardChangeFeed());
}

/** The instance stops (lib/http/graceful-shutdown.ts): MCP notification streams end and the LISTEN closes. */
export function endMcpStreamsForStop(): void {
  globalForFeed.mcpBoardChangeFeed?.stop();
}

/**
 * The change events of one MCP caller's `subscriptions/listen` streams: a board's change reaches
 * them only while they may read it (a deletion reaches whoever named the board). The SDK's listen
 * router keeps to the boards each stream asked for.
 */
export function boardEventBus(principal: Principal): ServerEventBus {
  return {
    // Changes come from the database, whichever instance wrote them; handlers publish nothing.
    publish: () => {},
    subscribe: (listener) =>
      boardChangeFeed().add((snapId, facts) => {
        if (facts && !hasSnapAccess(principal, facts, "read")) return;
        listener({ kind: "resource_updated", uri: boardUri(snapId) });
      }),
  };
}
