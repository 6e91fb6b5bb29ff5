import "server-only";
import { randomBytes } from "node:crypto";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { getSnapAccessOrThrow, hasSnapAccess } from "@/lib/board-model/snap-access";
import { boardChangeFeed } from "./board-change-feed";
import { boardUri, snapIdOfUri } from "./board-resources";
import { credentialOf } from "./mcp-tasks";

/** A session lives this long after its last use (a request or its open stream). */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** The most boards one session watches. */
const MAX_SUBSCRIPTIONS = 100;
const PING_MS = 20_000;

/**
 * resources/subscribe for 2025-revision clients (docs/API.md, "MCP"). The server keeps no state in
 * the process: `initialize` opens a session row (its id is the Mcp-Session-Id), resources/subscribe
 * on any instance adds the board to it, and the GET stream, on whichever instance holds it, reads the
 * row at each board change to decide whether to tell.
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

/** GET /api/mcp with the session: `notifications/resources/updated` for each change of a watched board the caller may still read. */
export async function openLegacyNotificationStream(principal: Principal, sessionId: string, signal: AbortSignal): Promise<Response> {
  await ownSession(principal, sessionId);
  // Before the stream's headers: a change written once the client holds the stream reaches it.
  await boardChangeFeed().listening();
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const removeListener = boardChangeFeed().add(
        (snapId, facts) => {
          if (facts && !hasSnapAccess(principal, facts, "read")) return;
          void db.mcpSession
            .findFirst({ where: { id: sessionId, owner: credentialOf(principal), snapIds: { has: snapId } }, select: { id: true } })
            .then((watched) => {
              if (!watched) return;
              const notification = { jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: boardUri(snapId) } };
              send(`event: message\ndata: ${JSON.stringify(notification)}\n\n`);
            })
            .catch(() => undefined);
        },
        () => stop(),
      );
      const ping = setInterval(() => send(": ping\n\n"), PING_MS);
      stop = () => {
        removeListener();
        clearInterval(ping);
        try {
          controller.close();
        } catch {
          // Already closed by the client.
        }
      };
      signal.addEventListener("abort", stop, { once: true });
      send(": open\n\n");
    },
    cancel: () => stop(),
  });
  await db.mcpSession.update({ where: { id: sessionId }, data: { expiresAt: expiry() } });
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
