import "server-only";
import { randomBytes } from "node:crypto";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { getSnapAccessOrThrow } from "@/lib/board-model/snap-access";
import { claimStreamSlot } from "@/lib/live/stream-quota";
import { boardChangeFeed } from "./board-change-feed";
import { boardUri, snapIdOfUri } from "./board-resources";
import { credentialOf } from "./mcp-tasks";

/** A session lives this long after its last use (a request or its open stream). */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** The most boards one session watches. */
const MAX_SUBSCRIPTIONS = 100;
const PING_MS = 20_000;
/** Notifications are small: a client that stops reading (but keeps the socket) is cut off past this much unsent. */
const MAX_QUEUED_BYTES = 256 * 1024;

/**
 * resources/subscribe for 2025-revision clients (docs/API.md, "MCP"). The server keeps no state in
 * the process: `initialize` opens a session row (its id is the Mcp-Session-Id), resources/subscribe
 * on any instance adds the board to it, and the GET streams, on whichever instance holds them, read
 * the rows at each board change, all at once, to decide whom to tell (lib/mcp/board-change-feed.ts).
 */
export async function openLegacySession(principal: Principal): Promise<string> {
  await db.mcpSession.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  const session = await db.mcpSession.create({
    data: { id: randomBytes(16).toString("base64url"), userId: principal.userId, owner: credentialOf(principal), snapIds: [], expiresAt: expiry() },
  });
  return session.id;
}

export async function subscribeLegacySession(principal: Principal, sessionId: string | null, uri: string): Promise<void> {
  const snapId = boardSnapId(uri);
  // Subscribing needs read access, as reading does: no news of a board one may not see.
  await getSnapAccessOrThrow(principal, snapId, "read");
  const session = await ownSession(principal, sessionId);
  if (session.snapIds.includes(snapId)) return;
  if (session.snapIds.length >= MAX_SUBSCRIPTIONS)
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `At most ${MAX_SUBSCRIPTIONS} subscriptions per session`);
  await db.mcpSession.update({ where: { id: session.id }, data: { snapIds: { push: snapId }, expiresAt: expiry() } });
}

export async function unsubscribeLegacySession(principal: Principal, sessionId: string | null, uri: string): Promise<void> {
  const snapId = boardSnapId(uri);
  const session = await ownSession(principal, sessionId);
  await db.mcpSession.update({ where: { id: session.id }, data: { snapIds: session.snapIds.filter((id) => id !== snapId), expiresAt: expiry() } });
}

export async function endLegacySession(principal: Principal, sessionId: string): Promise<void> {
  await db.mcpSession.deleteMany({ where: { id: sessionId, owner: credentialOf(principal) } });
}

/**
 * GET /api/mcp with the session: `notifications/resources/updated` for each change of a watched
 * board the caller may still read (lib/mcp/board-change-feed.ts). One of the user's event-stream
 * slots (lib/live/stream-quota.ts, 429 past them); ends when its credential or membership does.
 */
export async function openLegacyNotificationStream(principal: Principal, sessionId: string, signal: AbortSignal): Promise<Response> {
  // Claimed before any work, so a refused open costs nothing; given back if the stream never starts.
  const releaseSlot = claimStreamSlot(principal.userId);
  try {
    await ownSession(principal, sessionId);
    // Before the stream's headers: a change written once the client holds the stream reaches it.
    await boardChangeFeed().listening();
    await db.mcpSession.update({ where: { id: sessionId }, data: { expiresAt: expiry() } });
  } catch (error) {
    releaseSlot();
    throw error;
  }
  const encoder = new TextEncoder();
  let stop = releaseSlot;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let closed = false;
        const send = (text: string) => {
          if (closed) return;
          if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) return stop();
          controller.enqueue(encoder.encode(text));
        };
        const removeStream = boardChangeFeed().add({
          principal,
          sessionId,
          tell: (snapId) => {
            const notification = { jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: boardUri(snapId) } };
            send(`event: message\ndata: ${JSON.stringify(notification)}\n\n`);
          },
          // The 2025 revision has no message for it: the stream ends (opening it again with a revoked credential is 401).
          end: () => stop(),
        });
        const ping = setInterval(() => send(": ping\n\n"), PING_MS);
        const onAbort = () => stop();
        stop = () => {
          if (closed) return;
          closed = true;
          removeStream();
          releaseSlot();
          clearInterval(ping);
          signal.removeEventListener("abort", onAbort);
          try {
            controller.close();
          } catch {
            // Already closed by the client.
          }
        };
        if (signal.aborted) return stop();
        signal.addEventListener("abort", onAbort, { once: true });
        send(": open\n\n");
      },
      cancel: () => stop(),
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 16 * 1024 }),
  );
  return new Response(stream, {
    headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no", "Mcp-Session-Id": sessionId },
  });
}

async function ownSession(principal: Principal, sessionId: string | null) {
  const session = sessionId
    ? await db.mcpSession.findFirst({ where: { id: sessionId, owner: credentialOf(principal), userId: principal.userId, expiresAt: { gt: new Date() } } })
    : null;
  if (!session) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, "No MCP session: initialize first and send its Mcp-Session-Id");
  return session;
}

function boardSnapId(uri: string): string {
  const snapId = snapIdOfUri(uri);
  if (!snapId) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown resource ${uri}`, { uri });
  return snapId;
}

function expiry(): Date {
  return new Date(Date.now() + SESSION_TTL_MS);
}
