import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { actorOf } from "@/lib/live/write-actor";
import { snapAccessFor } from "@/lib/board-model/snap-access";
import type { Comment } from "./comment-schemas";
import { lockCommentOrThrow } from "./lock-comment-or-throw";
import { readComment } from "./read-comment";
import { recordCommentChange } from "./record-comment-change";

/**
 * DELETE /api/comments/:id: its author, the snap's owner or a workspace admin (whoever manages the
 * snap). A root with replies stays, `deleted` with an empty body, so that its thread still reads;
 * anything else goes, and a deleted root goes with its last reply. Its notifications go with it.
 */
export async function deleteComment(principal: Principal, commentId: string): Promise<void> {
  await runTransaction(async (tx) => {
    const locked = await lockCommentOrThrow(tx, principal, commentId, "read");
    if (locked.authorId !== principal.userId && snapAccessFor(principal, locked) !== "manage") {
      throw new ApiError("FORBIDDEN", "Only its author, the snap's owner or a workspace admin may delete a comment");
    }
    const before = (await readComment(tx, commentId))!;
    let gone: Comment;
    let removed = false;
    if (locked.parentId === null && before.replyCount > 0) {
      await tx.$executeRaw`
        UPDATE "Comment" SET deleted = true, body = '', mentions = '{}', "updatedAt" = now() WHERE id = ${commentId}`;
      await tx.$executeRaw`DELETE FROM "Notification" WHERE "commentId" = ${commentId}`;
      gone = (await readComment(tx, commentId))!;
    } else {
      await tx.$executeRaw`DELETE FROM "Comment" WHERE id = ${commentId}`;
      removed = true;
      gone = { ...before, body: "", mentions: [], deleted: true, updatedAt: new Date().toISOString() };
      if (locked.parentId !== null) {
        // A deleted root whose last reply this was has nothing left to hold.
        await tx.$executeRaw`
          DELETE FROM "Comment" AS r WHERE r.id = ${locked.parentId} AND r.deleted
            AND NOT EXISTS (SELECT 1 FROM "Comment" AS o WHERE o."parentId" = r.id)`;
      }
    }
    await recordCommentChange(tx, actorOf(principal), "comment.deleted", gone, { gone: removed });
  });
}
