import "server-only";
import { randomBytes } from "node:crypto";
import type { Principal } from "@/lib/request/principal";
import { queryRows } from "@/lib/db/query-rows";
import { ApiError } from "@/lib/errors/api-error";
import { assertSnapAccess, isSnapMember, snapAccessFor, type SnapAccessFacts } from "@/lib/board-model/snap-access";
import { initialsOf } from "./initials-of";
import { getSnapStreamHub } from "./snap-stream-hub";
import { claimStreamSlot } from "./stream-quota";
import type { Subscriber } from "./stream-subscriber";
import { SSE_PING, sseMessage } from "./sse";
import { snapMembersColumn } from "@/lib/board-model/snap-access";

interface ConnectRow extends SnapAccessFacts {
  version: number;
  viewerName: string | null;
}

// A client that stops reading (but keeps the socket) is cut off past this much unsent data; it
// reconnects with Last-Event-ID and catches up from the stored events.
const MAX_QUEUED_BYTES = 4 * 2 ** 20;

/**
 * GET /api/snaps/:id/events: checks read access (404 / 403 as JSON, before any stream exists),
 * then returns the event stream: `ready`, the events after `since` (or `reset`), and from then on
 * every change, presence update, and the end (`access-revoked`, `deleted`). The stream leaves the
 * hub when the client goes away (`signal`) or the stream is cancelled.
 */
export async function openSnapEventStream(
  principal: Principal,
  snapId: string,
  since: number | null,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const [row] = await queryRows<ConnectRow>(
    `SELECT s.version, s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode"::text AS "shareMode", ${snapMembersColumn("s")},
       (SELECT COALESCE(u.name, u.email) FROM "User" AS u WHERE u.id = $2) AS "viewerName"
     FROM "Snap" AS s WHERE s.id = $1`,
    [snapId, principal.userId],
  );
  if (!row) throw new ApiError("NOT_FOUND", "Snap not found");
  assertSnapAccess(principal, row, "read");
  // Claimed and then subscribed with no await between: two opens at once cannot both pass at the cap.
  const releaseSlot = claimStreamSlot(principal.userId);

  const connectionId = `c_${randomBytes(12).toString("base64url")}`;
  const name = row.viewerName ?? "Someone";
  // Until the stream is subscribed, ending it only gives the slot back.
  let cleanup = releaseSlot;

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let closed = false;
        const write = (bytes: Uint8Array) => {
          if (closed) return;
          if ((controller.desiredSize ?? 0) < -MAX_QUEUED_BYTES) return end();
          controller.enqueue(bytes);
        };
        const end = () => {
          if (closed) return;
          cleanup();
          closed = true;
          try {
            controller.close();
          } catch {
            // Already cancelled by the client.
          }
        };
        const subscriber: Subscriber = {
          viewer: { userId: principal.userId, name, initials: initialsOf(name), connectionId, editingCardId: null },
          principal,
          access: snapAccessFor(principal, row) ?? "read",
          member: isSnapMember(principal, row),
          lastVersion: since ?? row.version,
          send: write,
          ping: () => write(SSE_PING),
          close: end,
        };
        write(sseMessage("ready", { version: row.version, connectionId, userId: principal.userId, access: subscriber.access }));
        const unsubscribe = getSnapStreamHub().subscribe(snapId, subscriber);
        const onAbort = () => end();
        cleanup = () => {
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
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
}
