/** A notification as GET /api/notifications and the inbox stream show it (docs/API.md, "Comments and notifications"). */
export interface InboxNotification {
  id: string;
  type: "mention" | "reply" | "comment";
  createdAt: string;
  readAt: string | null;
  snap: { id: string; title: string };
  cardId: string | null;
  comment: { id: string; excerpt: string };
  actor: { type: string; userId: string; name: string | null };
}

const VERBS: Record<InboxNotification["type"], string> = { mention: "mentioned you", reply: "replied", comment: "commented" };

/** "Alice mentioned you on Roadmap". */
export function describeNotification(notification: InboxNotification): string {
  return `${notification.actor.name ?? "Someone"} ${VERBS[notification.type]} on ${notification.snap.title}`;
}

export function commentHref(notification: InboxNotification): string {
  return `/snaps/${encodeURIComponent(notification.snap.id)}?comment=${encodeURIComponent(notification.comment.id)}`;
}
