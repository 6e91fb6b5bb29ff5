"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { BellIcon } from "@/components/ui/icons";
import { RelativeTime } from "@/components/ui/relative-time";
import { Spinner } from "@/components/ui/spinner";
import { commentHref, describeNotification } from "./notification-types";
import { useInbox } from "./use-inbox";

/**
 * The header's bell: the unread count, live, and a list of the newest notifications that opens
 * each comment on its board (marking it read) and marks all read; pending invitations onto a board
 * are counted and listed first, linking to the dashboard that answers them. Escape or a click outside closes it.
 */
export function NotificationBell() {
  const inbox = useInbox();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const router = useRouter();
  const { load } = inbox;

  useEffect(() => {
    if (!open) return;
    void load();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, load]);

  // A pending board invitation counts as unread until it is answered (on the dashboard).
  const count = inbox.unreadCount + inbox.boardInvitations.length;
  const label = count === 0 ? "Notifications" : `Notifications, ${count} unread`;
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <BellIcon className="size-5" />
        {count > 0 && (
          <span
            data-testid="unread-count"
            aria-hidden="true"
            className="absolute top-1 right-1 min-w-4.5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-4.5 font-semibold text-white"
          >
            {count > 99 ? "99+" : count}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="fixed inset-x-2 top-16 z-50 max-h-[70dvh] overflow-y-auto rounded-xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <button
              type="button"
              disabled={inbox.unreadCount === 0}
              onClick={() => void inbox.markRead("all")}
              className="rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:text-slate-500 disabled:hover:bg-transparent"
            >
              Mark all read
            </button>
          </div>
          {inbox.error && (
            <p role="alert" className="m-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {inbox.error}
            </p>
          )}
          {inbox.loading && inbox.notifications.length === 0 && (
            <p role="status" className="flex items-center gap-2 p-4 text-sm text-slate-600">
              <Spinner /> Loading notifications…
            </p>
          )}
          {inbox.boardInvitations.length > 0 && (
            <ul aria-label="Invitations" className="divide-y divide-slate-100 border-b border-slate-100">
              {inbox.boardInvitations.map((invitation) => (
                <li key={invitation.id}>
                  <Link
                    href="/#own-invitations-heading"
                    onClick={() => setOpen(false)}
                    className="block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
                  >
                    <span className="flex items-start gap-2">
                      <span className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-600" aria-label="Unread" role="img" />
                      <span className="min-w-0">
                        <span className="block text-sm font-medium text-slate-900">
                          {invitation.invitedBy?.name ?? invitation.invitedBy?.email ?? "Someone"} invited you to {invitation.snap.title}
                        </span>
                        <span className="block text-sm text-slate-600">Accept or decline on your dashboard</span>
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {!inbox.loading && !inbox.error && inbox.notifications.length === 0 && inbox.boardInvitations.length === 0 && (
            <p className="p-4 text-sm text-slate-600">You are all caught up.</p>
          )}
          <ul className="divide-y divide-slate-100">
            {inbox.notifications.map((notification) => (
              <li key={notification.id}>
                <a
                  href={commentHref(notification)}
                  onClick={(event) => {
                    event.preventDefault();
                    if (!notification.readAt) void inbox.markRead([notification.id]);
                    setOpen(false);
                    router.push(commentHref(notification));
                  }}
                  className="block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
                >
                  <span className="flex items-start gap-2">
                    {!notification.readAt && <span className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-600" aria-label="Unread" role="img" />}
                    <span className="min-w-0">
                      <span className="block text-sm font-medium text-slate-900">{describeNotification(notification)}</span>
                      <span className="block truncate text-sm text-slate-600">{notification.comment.excerpt}</span>
                      <span className="block text-xs text-slate-500">
                        <RelativeTime value={notification.createdAt} />
                      </span>
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
