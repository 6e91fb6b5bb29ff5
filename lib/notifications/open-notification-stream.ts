import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { sseMessage } from "@/lib/live/sse";
import { countUnread } from "./count-unread";
import { getNotificationStreamHub, type InboxSubscriber } from "./notification-stream-hub";

/**
 * A stream ends after this long and the browser's EventSource reconnects: the new request is
 * authenticated again, so a revoked key or an ended session stops receiving within this time.
 */
const MAX_STREAM_MS = 10 * 60_000;

/**
 * GET /api/notifications/stream: `ready` ({ unreadCount }), then each new notification of the caller
 * (`notification`, shaped as in the listing) and the unread count when it moves (`unread`).
 */
export async function openNotificationStream(principal: Principal, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const [newest] = await db.$queryRaw<{ createdAt: Date; id: string }[]>`
    SELECT "createdAt", id FROM "Notification" WHERE "userId" = ${principal.userId} ORDER BY "createdAt" DESC, id DESC LIMIT 1`;
  const unreadCount = await countUnread(principal);
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const end = () => {
        if (closed) return;
        closed = true;
        cleanup();
        try {
          controller.close();
        } catch {
          // Already cancelled by the client.
        }
      };
      const subscriber: InboxSubscriber = {
        principal,
        last: newest ? { at: newest.createdAt, id: newest.id } : { at: new Date(0), id: "" },
        unreadCount,
        send: (bytes) => {
          if (!closed) controller.enqueue(bytes);
        },
      };
      controller.enqueue(sseMessage("ready", { unreadCount }));
      const unsubscribe = getNotificationStreamHub().subscribe(subscriber);
      const timer = setTimeout(end, MAX_STREAM_MS);
      timer.unref();
      const onAbort = () => end();
      cleanup = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        unsubscribe();
      };
      if (signal.aborted) end();
      else signal.addEventListener("abort", onAbort);
    },
    cancel() {
      cleanup();
    },
  });
}
