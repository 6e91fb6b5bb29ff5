import type { Principal } from "@/lib/request/principal";
import type { SnapAccess } from "@/lib/board-model/snap-access";
import { sseMessage } from "./sse";
import type { Viewer } from "./viewer";

/** The messages a stream sends (docs/API.md, "Live updates"). */
export type StreamEvent = "ready" | "change" | "reset" | "presence" | "access" | "access-revoked" | "deleted" | "comment";

/** One SSE message of a stream event, typed. */
export const streamMessage = (event: StreamEvent, data: unknown, id?: number) => sseMessage(event, data, id);

/** One open event stream, as the hub sees it. */
export interface Subscriber {
  viewer: Viewer;
  /** Updated in place when the user's membership changes. */
  principal: Principal;
  /** What the stream's caller may do with the snap, as last told (`ready`, then `access` when it changes). */
  access: SnapAccess;
  /** Whether the caller was one of the snap's members by name, as last seen: a removal is then said as one. */
  member: boolean;
  /** The last version this stream has been sent (or started from). */
  lastVersion: number;
  /** Writes one SSE message (made once by the hub and shared by every stream it goes to). */
  send(message: Uint8Array): void;
  ping(): void;
  /** Ends the stream (after access-revoked or deleted). */
  close(): void;
}
