import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { sseMessage } from "@/lib/live/sse";
import { claimStreamSlot } from "@/lib/live/stream-quota";
import { countUnread } from "./count-unread";
import { getNotificationStreamHub, type InboxSubscriber } from "./notification-stream-hub";

/**
 * A stream ends after this long and the browser's EventSource reconnects: the new request is
 * authenticated again. Revocations end streams at once (lib/live/streams-ended-by.ts); this bounds
 * what a missed signal (the LISTEN connection down meanwhile) could cost.
 */
const MAX_STREAM_MS = 10 * 60_000;
/** Notifications are small: a client that stops reading (but keeps the socket) is cut off past this much unsent. */
const MAX_QUEUED_BYTES = 256 * 1024;

/**
 * GET /api/notifications/stream: `ready` ({ unreadCount }), then each new notification of the caller
 * (`notification`, shaped as in the listing) and the unread count when it moves (`unread`); ends
 * with `access-revoked` when the key, connected app or session it was opened with ends. Counts
 * against the user's open event streams (lib/live/stream-quota.ts): 429 past them.
 */
export async function openNotificationStream(principal: Principal, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  // Claimed before any work, so a refused open costs nothing; given back if the stream never starts.
  const releaseSlot = claimStreamSlot(principal.userId);
  let newest: { createdAt: Date; id: string } | undefined;
  let unreadCount: number;
  try {
    [newest] = await db.$queryRaw<{ createdAt: Date; id: string }[]>`
      SELECT "createdAt", id FROM "Notification" WHERE "userId" = ${principal.userId} ORDER BY "createdAt" DESC, id DESC LIMIT 1`;
    unreadCount = await countUnread(principal);
  } catch (error) {
    releaseSlot();
    throw error;
  }
  let cleanup = releaseSlot;
  return new ReadableStream<Uint8Array>(
    {
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
        const send = (bytes: Uint8Array) => {
          if (closed) return;
          if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) return end();
          controller.enqueue(bytes);
        };
        const subscriber: InboxSubscriber = {
          principal,
          last: newest ? { at: newest.createdAt, id: newest.id } : { at: new Date(0), id: "" },
          unreadCount,
          send,
          close: end,
        };
        send(sseMessage("ready", { unreadCount }));
        const unsubscribe = getNotificationStreamHub().subscribe(subscriber);
        const timer = setTimeout(end, MAX_STREAM_MS);
        timer.unref();
        const onAbort = () => end();
        cleanup = () => {
          clearTimeout(timer);
          signal.removeEventListener("abort", onAbort);
          unsubscribe();
          releaseSlot();
        };
        if (signal.aborted) end();
        else signal.addEventListener("abort", onAbort);
      },
      cancel() {
        cleanup();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 16 * 1024 }),
  );
}
