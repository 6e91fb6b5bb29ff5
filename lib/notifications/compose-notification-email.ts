import type { NotificationView } from "./notification-schemas";

export interface NotificationEmail {
  subject: string;
  text: string;
  html: string;
}

const VERBS: Record<NotificationView["type"], string> = { mention: "mentioned you", reply: "replied", comment: "commented" };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The absolute link that opens a notification's comment on its board. */
export function commentLink(base: string, notification: NotificationView): string {
  return `${base}/snaps/${encodeURIComponent(notification.snap.id)}?comment=${encodeURIComponent(notification.comment.id)}`;
}

/**
 * The one-click unsubscribe URL goes in the List-Unsubscribe header only (mail clients POST to it):
 * a link in the body would be opened with a GET, which RFC 8058 keeps from unsubscribing; the body
 * links to Settings instead.
 *
 * One email for a user's notifications (one, a minute's worth, or a day's digest): a plain-text and
 * an HTML part saying the same, each notification with an absolute link to its comment.
 */
export function composeNotificationEmail(
  notifications: readonly NotificationView[],
  { base, kind }: { base: string; kind: "immediately" | "daily" },
): NotificationEmail {
  const line = (n: NotificationView) => `${n.actor.name ?? "Someone"} ${VERBS[n.type]} on ${n.snap.title}`;
  const first = notifications[0]!;
  const subject =
    kind === "daily"
      ? `Your daily digest: ${notifications.length} notification${notifications.length === 1 ? "" : "s"}`
      : notifications.length === 1
        ? line(first)
        : `${line(first)} and ${notifications.length - 1} more`;
  const settings = `${base}/settings/account`;
  const text = [
    ...notifications.map((n) => `${line(n)}:\n  ${n.comment.excerpt}\n  ${commentLink(base, n)}\n`),
    `You get these emails ${kind === "daily" ? "once a day" : "as things happen"}. Change it or turn them off in Settings: ${settings}`,
  ].join("\n");
  const items = notifications
    .map(
      (n) =>
        `<li style="margin-bottom:12px"><strong>${escapeHtml(line(n))}</strong><br><span>${escapeHtml(n.comment.excerpt)}</span><br>` +
        `<a href="${escapeHtml(commentLink(base, n))}">Open the comment</a></li>`,
    )
    .join("");
  const html =
    `<!doctype html><html><body style="font-family:sans-serif"><ul style="padding-left:16px">${items}</ul>` +
    `<p style="color:#475569;font-size:12px">You get these emails ${kind === "daily" ? "once a day" : "as things happen"}. ` +
    `<a href="${escapeHtml(settings)}">Change it or turn them off in Settings</a>.</p></body></html>`;
  return { subject, text, html };
}
