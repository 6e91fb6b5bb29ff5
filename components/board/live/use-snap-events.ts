"use client";

import { useEffect, useRef, useState } from "react";
import { callApi } from "@/components/http/call-api";
import type { BoardStore } from "../state/board-store";
import type { CommentMessage } from "../comments/comment-types";
import { LIVE_MESSAGE_TYPES, readChange, type LiveMessage, type Viewer } from "./live-messages";
import type { SnapSource } from "../state/to-board-doc";

export type Connection = "connecting" | "live" | "reconnecting";

export interface LiveState {
  connection: Connection;
  /** The others viewing the snap now (this tab left out). */
  viewers: Viewer[];
  /** This tab's id on the stream: what PUT /api/snaps/:id/presence names. */
  connectionId: string | null;
  /** Why this viewer can no longer be on the board (access lost, snap deleted), once it is so. */
  gone: string | null;
  /** What this viewer may now do, once the server says it changed (a role lowered, say); null until then. */
  access: "read" | "comment" | "edit" | "manage" | null;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 15_000;

/** Exponential, capped, with jitter so that a restarted server is not met by everyone at once. */
export function retryDelay(attempt: number, random = Math.random()): number {
  return Math.round(Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt) * (0.8 + 0.4 * random));
}

const GONE_BY_STATUS: Record<number, string> = {
  401: "You were signed out. Sign in again to keep working on this snap.",
  403: "You no longer have access to this snap.",
  404: "This snap was deleted.",
};

/**
 * The snap's live stream (GET /api/snaps/:id/events): `change` events go to the store, presence
 * and the connection's state come back as React state. A dropped connection is the browser's to
 * open again, with Last-Event-ID; a refused one is closed and opened again after a growing pause,
 * from the version the board has (`?since=`), so it catches up; a refusal is checked against the
 * snap itself, to tell a lost access from a lost network.
 */
export function useSnapEvents(store: BoardStore, snapId: string, comments?: { receive: (message: CommentMessage) => void; reload: () => void }): LiveState {
  const [state, setState] = useState<LiveState>({ connection: "connecting", viewers: [], connectionId: null, gone: null, access: null });
  // Comments move no version: after a reconnect the board reads them again instead of catching up.
  const commentsRef = useRef(comments);
  useEffect(() => {
    commentsRef.current = comments;
  });

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let closed = false;
    let unmounted = false;
    let myConnection: string | null = null;
    const update = (patch: Partial<LiveState>) => {
      if (!unmounted) setState((current) => ({ ...current, ...patch }));
    };
    const close = () => {
      closed = true;
      source?.close();
      source = null;
      if (timer) clearTimeout(timer);
    };
    const leave = (gone: string) => {
      close();
      update({ gone, viewers: [] });
    };

    const refetch = async () => {
      const result = await callApi<{ snap: SnapSource & { version: number } }>(`/api/snaps/${snapId}`);
      const gone = result.ok ? undefined : GONE_BY_STATUS[result.status];
      if (result.ok) store.remote.resetTo(result.data.snap);
      else if (gone) leave(gone);
    };

    const handle = (message: LiveMessage) => {
      switch (message.type) {
        case "ready":
          if (myConnection !== null) {
            commentsRef.current?.reload();
            // The server answers again (back from a restart, a deploy): what waits goes out now, not after its backoff.
            store.sync.flush();
          }
          attempt = 0;
          myConnection = message.data.connectionId;
          store.remote.connected(message.data);
          update({ connection: "live", connectionId: myConnection });
          break;
        case "change":
          store.remote.receive(readChange(message.data));
          break;
        case "reset":
          store.remote.reset(message.data.version, () => void refetch());
          break;
        case "presence":
          update({ viewers: message.data.viewers.filter((viewer) => viewer.connectionId !== myConnection) });
          break;
        case "access":
          update({ access: message.data.access });
          break;
        case "access-revoked":
        case "deleted":
          leave(message.data.message);
          break;
        case "comment":
          commentsRef.current?.receive(message.data);
          break;
      }
    };

    const reconnect = async () => {
      source?.close();
      source = null;
      update({ connection: "reconnecting", viewers: [] });
      // EventSource does not say why it failed: ask the snap itself.
      const check = await callApi(`/api/snaps/${snapId}`, { method: "GET" });
      if (closed) return;
      const gone = check.ok ? undefined : GONE_BY_STATUS[check.status];
      if (gone) {
        leave(gone);
        return;
      }
      timer = setTimeout(connect, retryDelay(attempt));
      attempt += 1;
    };

    const connect = () => {
      timer = null;
      if (closed) return;
      const since = store.remote.version;
      source = new EventSource(`/api/snaps/${snapId}/events${since > 0 ? `?since=${since}` : ""}`);
      for (const type of LIVE_MESSAGE_TYPES) {
        source.addEventListener(type, (event) => {
          try {
            handle({ type, data: JSON.parse((event as MessageEvent<string>).data) } as LiveMessage);
          } catch (error) {
            console.error("unreadable live message", type, error);
          }
        });
      }
      source.onerror = () => {
        // A dropped connection: the browser opens it again by itself (after the server's `retry:`),
        // with Last-Event-ID, the last change it had, and the stream catches up from there. Only a
        // refusal (an answer other than the stream) closes it: then the snap is asked why.
        if (source?.readyState === EventSource.CONNECTING) update({ connection: "reconnecting", viewers: [] });
        else void reconnect();
      };
    };

    // Back on the network: no need to sit out the rest of a pause.
    const online = () => {
      if (!timer || closed) return;
      clearTimeout(timer);
      timer = null;
      connect();
    };

    connect();
    window.addEventListener("online", online);
    return () => {
      unmounted = true;
      window.removeEventListener("online", online);
      close();
    };
  }, [store, snapId]);

  return state;
}
