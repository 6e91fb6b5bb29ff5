import "server-only";
import type { Tx } from "@/lib/db/run-transaction";
import { recordFeedEvents } from "@/lib/events/record-feed-events";
import type { WriteActor } from "@/lib/live/write-actor";
import type { Comment } from "./comment-schemas";
import { encodeCommentNotice, SNAP_COMMENTS_CHANNEL, type CommentEventType } from "@/lib/live/comment-notice";

/**
 * Inside the comment's transaction: its event for the feed and webhooks (data `{ comment }`, the
 * comment as this write left it) and the NOTIFY that sends it to the snap's open streams at commit.
 * `gone`: the comment no longer exists (deleted, not kept as a deleted root).
 * A comment moves no snap version: it is not a change of the board (nor of its history).
 */
export async function recordCommentChange(tx: Tx, actor: WriteActor, type: CommentEventType, comment: Comment, { gone = false } = {}): Promise<void> {
  await recordFeedEvents(tx, actor, [
    { type, snapId: comment.snapId, data: { comment }, idsOnly: () => ({ commentId: comment.id, cardId: comment.cardId, parentId: comment.parentId }) },
  ]);
  const notice = encodeCommentNotice({
    snapId: comment.snapId,
    commentId: comment.id,
    cardId: comment.cardId,
    parentId: comment.parentId,
    type,
    // The stream says a comment that no longer exists is gone (null); the feed keeps its last state.
    comment: gone ? null : comment,
  });
  await tx.$executeRaw`SELECT pg_notify(${SNAP_COMMENTS_CHANNEL}, ${notice})`;
}
