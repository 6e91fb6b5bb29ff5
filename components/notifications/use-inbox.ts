"use client";

import { useCallback, useEffect, useState } from "react";
import { callApi } from "@/components/http/call-api";
import type { OwnInvitation } from "@/components/invitations/own-invitations";
import type { InboxNotification } from "./notification-types";

export type BoardInvitation = Extract<OwnInvitation, { kind: "board" }>;

export interface Inbox {
  unreadCount: number;
  notifications: InboxNotification[];
  /** Pending invitations onto a board (GET /api/invitations): counted with the unread, answered on the dashboard. */
  boardInvitations: BoardInvitation[];
  loading: boolean;
  error: string | null;
  /** Reads the newest page (when the list opens). */
  load: () => Promise<void>;
  markRead: (ids: string[] | "all") => Promise<void>;
}

/**
 * The signed-in user's inbox: the unread count, live from GET /api/notifications/stream (EventSource
 * reconnects by itself, and each `ready` carries the count again), and the newest page on demand;
 * the pending board invitations, read on arrival and whenever the list opens.
 */
export function useInbox(): Inbox {
  const [unreadCount, setUnreadCount] = useState(0);
  const [notifications, setNotifications] = useState<InboxNotification[]>([]);
  const [boardInvitations, setBoardInvitations] = useState<BoardInvitation[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const source = new EventSource("/api/notifications/stream");
    const count = (event: Event) => {
      try {
        setUnreadCount((JSON.parse((event as MessageEvent<string>).data) as { unreadCount: number }).unreadCount);
      } catch {
        // Not ours: ignore.
      }
    };
    source.addEventListener("ready", count);
    source.addEventListener("unread", count);
    source.addEventListener("notification", (event) => {
      try {
        const notification = JSON.parse((event as MessageEvent<string>).data) as InboxNotification;
        setNotifications((current) => (current.some((n) => n.id === notification.id) ? current : [notification, ...current]));
      } catch {
        // Not ours: ignore.
      }
    });
    return () => source.close();
  }, []);

  const loadInvitations = useCallback(() => {
    // A failure leaves the last list: the count is a hint, the dashboard is where they are answered.
    void callApi<{ invitations: OwnInvitation[] }>("/api/invitations").then((result) => {
      if (result.ok) setBoardInvitations(result.data.invitations.filter((invitation): invitation is BoardInvitation => invitation.kind === "board"));
    });
  }, []);

  useEffect(loadInvitations, [loadInvitations]);

  const load = useCallback(async () => {
    setLoading(true);
    loadInvitations();
    const result = await callApi<{ notifications: InboxNotification[]; unreadCount: number }>("/api/notifications?limit=20");
    setLoading(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    setError(null);
    setNotifications(result.data.notifications);
    setUnreadCount(result.data.unreadCount);
  }, [loadInvitations]);

  const markRead = useCallback(async (ids: string[] | "all") => {
    const now = new Date().toISOString();
    setNotifications((current) => current.map((n) => (ids === "all" || ids.includes(n.id) ? { ...n, readAt: n.readAt ?? now } : n)));
    const result = await callApi<{ unreadCount: number }>("/api/notifications/read", { method: "POST", body: ids === "all" ? { all: true } : { ids } });
    if (result.ok) setUnreadCount(result.data.unreadCount);
    else setError(result.error.message);
  }, []);

  return { unreadCount, notifications, boardInvitations, loading, error, load, markRead };
}
