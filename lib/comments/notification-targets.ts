import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import type { NotificationType } from "@/lib/notifications/record-notifications";
import type { SnapAccessFacts } from "@/lib/board-model/snap-access";
import { readableUserIds } from "./readable-user-ids";

/**
 * Who a new comment notifies, and why (the first reason that applies): the people it mentions
 * (`mention`); for a reply, whoever started or replied in the thread (`reply`); for a root, the
 * snap's owner (`comment`). Never its author, never someone who cannot read the snap now.
 */
export async function notificationTargets(
  tx: Tx,
  snap: SnapAccessFacts,
  comment: { authorId: string; rootId: string | null; mentions: readonly string[] },
): Promise<Map<string, NotificationType>> {
  const targets = new Map<string, NotificationType>();
  for (const userId of comment.mentions) targets.set(userId, "mention");
  if (comment.rootId) {
    const participants = await tx.$queryRaw<{ authorId: string }[]>`
      SELECT DISTINCT "authorId" FROM "Comment" WHERE id = ${comment.rootId} OR "parentId" = ${comment.rootId}`;
    for (const { authorId } of participants) if (!targets.has(authorId)) targets.set(authorId, "reply");
  } else if (!targets.has(snap.userId)) {
    targets.set(snap.userId, "comment");
  }
  targets.delete(comment.authorId);
  const readable = await readableUserIds(tx, snap, [...targets.keys()]);
  for (const userId of targets.keys()) if (!readable.has(userId)) targets.delete(userId);
  return targets;
}
