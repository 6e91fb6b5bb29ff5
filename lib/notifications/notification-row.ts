import { renderMentions } from "@/lib/validation/mentions";
import { EXCERPT_LENGTH } from "./notification-config";
import type { NotificationView } from "./notification-schemas";

export interface NotificationRow {
  id: string;
  type: NotificationView["type"];
  createdAt: Date;
  readAt: Date | null;
  snapId: string;
  snapTitle: string;
  cardId: string | null;
  commentId: string;
  /** The body's start: enough for the excerpt once mentions are written as names. */
  bodyStart: string;
  mentions: { userId: string; name: string }[];
  actorType: NotificationView["actor"]["type"];
  actorUserId: string;
  actorName: string | null;
}

/** The columns of a notification as shown, over `"Notification" AS n JOIN "Snap" AS s JOIN "Comment" AS c`. */
export const NOTIFICATION_COLUMNS_SQL = `
  n.id, n.type::text AS type, n."createdAt", n."readAt", s.id AS "snapId", s.title AS "snapTitle", c."cardId", c.id AS "commentId",
  left(c.body, 2000) AS "bodyStart",
  (SELECT COALESCE(json_agg(json_build_object('userId', u.id, 'name', COALESCE(u.name, u.email))), '[]'::json)
     FROM "User" AS u WHERE u.id = ANY(c.mentions)) AS mentions,
  n."actorType"::text AS "actorType", n."actorUserId", (SELECT COALESCE(a.name, a.email) FROM "User" AS a WHERE a.id = n."actorUserId") AS "actorName"`;

export function toNotification(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    snap: { id: row.snapId, title: row.snapTitle },
    cardId: row.cardId,
    comment: { id: row.commentId, excerpt: renderMentions(row.bodyStart, row.mentions).slice(0, EXCERPT_LENGTH) },
    actor: { type: row.actorType, userId: row.actorUserId, name: row.actorName },
  };
}
