/**
 * NOTIFY channel of comment changes (docs/ARCHITECTURE.md, "Comments and notifications"). The
 * payload is the stream's `comment` message itself: what happened, and the comment as the write
 * left it (null once it is gone). A comment too large for NOTIFY's 8000 bytes goes without it
 * (`truncated`): the board then reads its comments again.
 */
export const SNAP_COMMENTS_CHANNEL = "snap_comments";

export type CommentEventType = "comment.created" | "comment.updated" | "comment.deleted" | "comment.resolved";

export interface CommentNotice {
  snapId: string;
  commentId: string;
  cardId: string | null;
  parentId: string | null;
  type: CommentEventType;
  comment?: unknown;
  truncated?: true;
}

const MAX_PAYLOAD_BYTES = 7900;

export function encodeCommentNotice(notice: CommentNotice): string {
  const whole = JSON.stringify(notice);
  if (Buffer.byteLength(whole) <= MAX_PAYLOAD_BYTES) return whole;
  return JSON.stringify({ ...notice, comment: undefined, truncated: true });
}

/** null: not a payload of ours. */
export function decodeCommentNotice(payload: string): CommentNotice | null {
  try {
    const value = JSON.parse(payload) as Partial<CommentNotice>;
    if (typeof value.snapId !== "string" || typeof value.commentId !== "string" || typeof value.type !== "string") return null;
    return value as CommentNotice;
  } catch {
    return null;
  }
}
