"use client";

import { useCallback, useEffect, useState } from "react";
import { callApi } from "@/components/http/call-api";
import type { InboxNotification } from "./notification-types";

export interface Inbox {
  unreadCount: number;
  notifications: InboxNotification[];
  loading: boolean;
  error: string | null;
  /** Reads the newest page (when the list opens). */
  load: () => Promise<void>;
  markRead: (ids: string[] | "all") => Promise<void>;
}

/**
 * The signed-in user's inbox: the unread count, live from GET /api/notifications/stream (EventSource
 * reconnects by itself, and each `ready` carries the count again), and the newest page on demand.
 */
export function useInbox(): Inbox {
  const [unreadCount, setUnreadCount] = useState(0);
  const [notifications, setNotifications] = useState<InboxNotification[]>([]);
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

  const load = useCallback(async () => {
    setLoading(true);
    const result = await callApi<{ notifications: InboxNotification[]; unreadCount: number }>("/api/notifications?limit=20");
    setLoading(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    setError(null);
    setNotifications(result.data.notifications);
    setUnreadCount(result.data.unreadCount);
  }, []);

  const markRead = useCallback(async (ids: string[] | "all") => {
    const now = new Date().toISOString();
    setNotifications((current) => current.map((n) => (ids === "all" || ids.includes(n.id) ? { ...n, readAt: n.readAt ?? now } : n)));
    const result = await callApi<{ unreadCount: number }>("/api/notifications/read", { method: "POST", body: ids === "all" ? { all: true } : { ids } });
    if (result.ok) setUnreadCount(result.data.unreadCount);
    else setError(result.error.message);
  }, []);

  return { unreadCount, notifications, loading, error, load, markRead };
}
