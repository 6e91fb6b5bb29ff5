import "server-only";
import type { ServerEventBus } from "@modelcontextprotocol/server";
import type { Principal } from "@/lib/request/principal";
import { claimStreamSlot } from "@/lib/live/stream-quota";
import { boardChangeFeed, type McpStream } from "./board-change-feed";
import { boardUri } from "./board-resources";

/**
 * A 2026-07-28 `subscriptions/listen` (docs/API.md, "MCP"): the SDK serves the stream (its
 * acknowledgement, filter and keep-alive) on the bus given to `serve`; this holds it as the feed's
 * stream (lib/mcp/board-change-feed.ts) and as one of the user's event-stream slots
 * (lib/live/stream-quota.ts: 429 past them, before anything is served). When its credential or
 * membership is revoked the stream ends with `notifications/cancelled` for the listen request,
 * saying why, as the revision's client expects of a server that ends a subscription.
 */
export async function openListenStream(principal: Principal, listenId: unknown, serve: (bus: ServerEventBus) => Promise<Response>): Promise<Response> {
  const releaseSlot = claimStreamSlot(principal.userId);
  let ending: ((reason: string) => void) | undefined;
  let subscribed = false;
  let removeStream = () => {};
  const stream: McpStream = { principal, tell: () => {}, end: (reason) => ending?.(reason) };
  const bus: ServerEventBus = {
    // Changes come from the database, whichever instance wrote them; handlers publish nothing.
    publish: () => {},
    subscribe: (listener) => {
      subscribed = true;
      stream.tell = (snapId) => listener({ kind: "resource_updated", uri: boardUri(snapId) });
      removeStream = boardChangeFeed().add(stream);
      return () => removeStream();
    },
  };
  let response: Response;
  try {
    // The SDK acknowledges a listen and subscribes at once: this instance's LISTEN must be in place first.
    await boardChangeFeed().listening();
    response = await serve(bus);
  } catch (error) {
    releaseSlot();
    throw error;
  }
  // Refused by the SDK (its JSON-RPC error) or acknowledged with nothing to listen to: no stream to hold.
  if (!response.body || !subscribed) {
    removeStream();
    releaseSlot();
    return response;
  }
  const source = response.body.getReader();
  const finish = () => {
    removeStream();
    releaseSlot();
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      ending = (reason) => {
        finish();
        const cancelled = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: listenId, reason } };
        try {
          controller.enqueue(new TextEncoder().encode(`event: message\ndata: ${JSON.stringify(cancelled)}\n\n`));
          controller.close();
        } catch {
          // Already closed or cancelled.
        }
        void source.cancel().catch(() => {});
      };
    },
    async pull(controller) {
      try {
        const { value, done } = await source.read();
        if (!done) return controller.enqueue(value);
        finish();
        controller.close();
      } catch {
        // Ended by `ending`, or the SDK's stream failed: either way it is over.
        finish();
      }
    },
    cancel(reason) {
      finish();
      return source.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}
