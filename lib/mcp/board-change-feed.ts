import "server-only";
import type { Principal } from "@/lib/request/principal";
import { hasSnapAccess } from "@/lib/board-model/snap-access";
import { logger } from "@/lib/log/logger";
import { SNAP_ACCESS_CHANNEL, SNAP_EVENTS_CHANNEL } from "@/lib/live/live-channels";
import { NotificationListener } from "@/lib/live/notification-listener";
import { parseLiveNotification, type LiveNotification } from "@/lib/live/parse-live-notification";
import { readMembership } from "@/lib/live/read-membership";
import { readSnapAccessFacts } from "@/lib/live/read-snap-access-facts";
import { streamsEndedBy } from "@/lib/live/streams-ended-by";
import { forgetLostBoard, sessionsWatching } from "./legacy-session-watchers";

/** One open MCP notification stream, of either revision, as the feed sees it. */
export interface McpStream {
  /** Updated in place when the user's role changes; a change of workspace ends the stream. */
  principal: Principal;
  /**
   * A 2025 stream's session: its row says which boards the stream is told of. A 2026 listen
   * stream has none: the SDK keeps to the boards its filter names.
   */
  sessionId?: string;
  /** This board changed (or was deleted), and the stream may hear of it. */
  tell(snapId: string): void;
  /** Ends the stream, saying why. */
  end(reason: string): void;
}

/** How long a new subscription waits for this instance's first LISTEN before it is acknowledged anyway. */
const LISTEN_WAIT_MS = 5_000;
const STOP_REASON = "The server is restarting: listen again";
const WORKSPACE_LEFT_REASON = "You are no longer a member of the workspace this stream was opened in";

/**
 * The MCP notification streams of this instance and what they hear (docs/API.md, "MCP"): one
 * LISTEN connection, opened with the first stream, on the board changes of the live pipeline and
 * on the revocations of lib/live (a key, a connected app, a session, a membership). A change costs
 * the same whatever the number of streams: one read of the board's access facts, and one read of
 * the 2025 sessions watching it, for all of them at once; each stream is then told only while its
 * principal may read the board. A revocation ends the streams it concerns, as it ends snap streams.
 */
class BoardChangeFeed {
  private readonly streams = new Set<McpStream>();
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

  /** Adds a stream; returns its removal (which may be called more than once). */
  add(stream: McpStream): () => void {
    this.streams.add(stream);
    this.listener ??= this.listen();
    return () => this.streams.delete(stream);
  }

  /** The instance stops: every stream ends, so that its client comes back to another instance; the LISTEN closes. */
  stop(): void {
    for (const stream of [...this.streams]) stream.end(STOP_REASON);
    this.streams.clear();
    this.listener?.stop();
    this.listener = null;
  }

  private listen(): NotificationListener {
    let markListened = () => {};
    this.listened = new Promise((resolve) => (markListened = resolve));
    const listener = new NotificationListener({
      channels: [SNAP_EVENTS_CHANNEL, SNAP_ACCESS_CHANNEL],
      onNotification: (channel, payload) => this.onNotification(parseLiveNotification(channel, payload)),
      // Missed changes are not replayed: a subscriber reads the board again when told, and a
      // reconnecting client reads what it watches anyway.
      onListening: () => markListened(),
    });
    listener.start();
    return listener;
  }

  private onNotification(notification: LiveNotification | null): void {
    if (this.streams.size === 0 || !notification) return;
    const ended = streamsEndedBy(notification);
    if (ended) {
      for (const stream of [...this.streams]) if (ended.ends(stream.principal)) this.end(stream, ended.message);
      return;
    }
    const work =
      notification.kind === "changed" || notification.kind === "deleted"
        ? this.deliver(notification.snapId, notification.kind === "deleted")
        : notification.kind === "membership"
          ? this.recheckUser(notification.userId)
          : null;
    void work?.catch((error: unknown) => logger.error({ err: error }, "mcp: board change delivery failed"));
  }

  private async deliver(snapId: string, deleted: boolean): Promise<void> {
    // Null: the board is gone, and a deletion reaches whoever watches it.
    const facts = deleted ? null : await readSnapAccessFacts(snapId);
    const streams = [...this.streams];
    const sessionIds = streams.flatMap((stream) => (stream.sessionId ? [stream.sessionId] : []));
    const watching = sessionIds.length > 0 ? await sessionsWatching(snapId, sessionIds) : new Set<string>();
    const lost: string[] = [];
    for (const stream of streams) {
      if (!this.streams.has(stream) || (stream.sessionId && !watching.has(stream.sessionId))) continue;
      if (!facts || hasSnapAccess(stream.principal, facts, "read")) stream.tell(snapId);
      // A 2025 subscription is per board: one the caller may no longer read ends (subscribing again needs read access).
      else if (stream.sessionId) lost.push(stream.sessionId);
    }
    if (lost.length > 0) await forgetLostBoard(snapId, lost);
  }

  /** The user's membership changed: their streams follow a new role, and end with a new workspace (or none). */
  private async recheckUser(userId: string): Promise<void> {
    if (![...this.streams].some((stream) => stream.principal.userId === userId)) return;
    const membership = await readMembership(userId);
    for (const stream of [...this.streams]) {
      if (stream.principal.userId !== userId) continue;
      if (membership?.workspaceId === stream.principal.workspaceId) stream.principal = { ...stream.principal, role: membership.role };
      else this.end(stream, WORKSPACE_LEFT_REASON);
    }
  }

  private end(stream: McpStream, reason: string): void {
    this.streams.delete(stream);
    stream.end(reason);
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
