import "server-only";
import { createId } from "@/lib/db/create-id";
import type { Tx } from "@/lib/db/run-transaction";
import { emailEnabled } from "@/lib/email/email-config";
import { immediateEmailJobsSql } from "@/lib/email/email-job-names";
import type { WriteActor } from "@/lib/live/write-actor";
import { USER_NOTIFICATIONS_CHANNEL } from "./notification-channel";

/** Notifications kept per user (docs/API.md, "Comments and notifications"). */
export const MAX_NOTIFICATIONS_PER_USER = 1000;

export type NotificationType = "mention" | "reply" | "comment";

/**
 * Inside the comment's transaction: one notification per recipient, the NOTIFY that wakes their open
 * inboxes (sent at commit), and, when email is on, the email job of the minute for those who want
 * email at once. The caller has left out the actor and anyone who cannot read the snap.
 */
export async function recordNotifications(
  tx: Tx,
  comment: { id: string; snapId: string },
  actor: WriteActor,
  targets: ReadonlyMap<string, NotificationType>,
): Promise<void> {
  if (targets.size === 0) return;
  const userIds = [...targets.keys()];
  await tx.$executeRaw`
    WITH inserted AS (
      INSERT INTO "Notification" (id, "userId", type, "snapId", "commentId", "actorUserId", "actorType")
      SELECT t.id, t."userId", t.type::"NotificationType", ${comment.snapId}, ${comment.id}, ${actor.userId}, ${actor.type}::"WriteActorType"
      FROM unnest(${userIds.map(() => createId())}::text[], ${userIds}::text[], ${[...targets.values()]}::text[]) AS t(id, "userId", type)
      RETURNING "userId"
    )
    SELECT pg_notify(${USER_NOTIFICATIONS_CHANNEL}, "userId") FROM inserted`;
  // Each inbox keeps its newest MAX_NOTIFICATIONS_PER_USER: older ones go as new ones come.
  await tx.$executeRaw`
    DELETE FROM "Notification" WHERE id IN (
      SELECT old.id FROM unnest(${userIds}::text[]) AS t("userId")
        CROSS JOIN LATERAL (SELECT o.id FROM "Notification" AS o WHERE o."userId" = t."userId"
          ORDER BY o."createdAt" DESC, o.id DESC OFFSET ${MAX_NOTIFICATIONS_PER_USER} LIMIT 100) AS old)`;
  if (emailEnabled()) await tx.$executeRaw(immediateEmailJobsSql(userIds));
}
