import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { actorOf } from "@/lib/live/write-actor";
import type { Comment } from "./comment-schemas";
import { lockCommentOrThrow } from "./lock-comment-or-throw";
import { readComment } from "./read-comment";
import { recordCommentChange } from "./record-comment-change";

/** POST /api/comments/:id/resolve: a thread's root (400 on a reply), by anyone who may comment on the snap. */
export async function resolveComment(principal: Principal, commentId: string, resolved: boolean): Promise<Comment> {
  return runTransaction(async (tx) => {
    const locked = await lockCommentOrThrow(tx, principal, commentId);
    if (locked.parentId !== null) {
      throw new ApiError("BAD_REQUEST", "Only a thread's root comment can be resolved", [{ path: "id", message: "This comment is a reply" }]);
    }
    if (resolved) {
      await tx.$executeRaw`
        UPDATE "Comment" SET "resolvedAt" = COALESCE("resolvedAt", now()), "resolvedById" = COALESCE("resolvedById", ${principal.userId}), "updatedAt" = now()
        WHERE id = ${commentId}`;
    } else {
      await tx.$executeRaw`UPDATE "Comment" SET "resolvedAt" = NULL, "resolvedById" = NULL, "updatedAt" = now() WHERE id = ${commentId}`;
    }
    const comment = (await readComment(tx, commentId))!;
    await recordCommentChange(tx, actorOf(principal), "comment.resolved", comment);
    return comment;
  });
}
