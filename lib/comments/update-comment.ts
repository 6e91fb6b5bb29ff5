import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { actorOf } from "@/lib/live/write-actor";
import { recordNotifications, type NotificationType } from "@/lib/notifications/record-notifications";
import { assertMentions } from "./assert-mentions";
import type { Comment, CommentUpdate } from "./comment-schemas";
import { lockCommentOrThrow } from "./lock-comment-or-throw";
import { readComment } from "./read-comment";
import { recordCommentChange } from "./record-comment-change";

/**
 * PATCH /api/comments/:id: its author only (403 otherwise), while they can read the snap. Sets
 * editedAt; people mentioned for the first time are notified (those this comment already notified
 * are not notified twice).
 */
export async function updateComment(principal: Principal, commentId: string, input: CommentUpdate): Promise<Comment> {
  return runTransaction(async (tx) => {
    const locked = await lockCommentOrThrow(tx, principal, commentId);
    if (locked.authorId !== principal.userId) throw new ApiError("FORBIDDEN", "Only its author may edit a comment");
    if (locked.deleted) throw new ApiError("BAD_REQUEST", "A deleted comment cannot be edited", [{ path: "body", message: "The comment was deleted" }]);
    const mentions = await assertMentions(tx, locked, input.body);
    await tx.$executeRaw`
      UPDATE "Comment" SET body = ${input.body}, mentions = ${mentions}::text[], "editedAt" = now(), "updatedAt" = now() WHERE id = ${commentId}`;
    const before = new Set(locked.mentions);
    const added = mentions.filter((userId) => !before.has(userId) && userId !== principal.userId);
    if (added.length) {
      const notified = await tx.$queryRaw<{ userId: string }[]>`
        SELECT "userId" FROM "Notification" WHERE "commentId" = ${commentId} AND "userId" = ANY(${added}::text[])`;
      const already = new Set(notified.map((row) => row.userId));
      const targets = new Map<string, NotificationType>(added.filter((userId) => !already.has(userId)).map((userId) => [userId, "mention"]));
      await recordNotifications(tx, { id: commentId, snapId: locked.snapId }, actorOf(principal), targets);
    }
    const comment = (await readComment(tx, commentId))!;
    await recordCommentChange(tx, actorOf(principal), "comment.updated", comment);
    return comment;
  });
}
