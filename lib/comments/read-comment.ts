import "server-only";
import { Prisma } from "@/lib/db/generated/client";
import type { Tx } from "@/lib/db/run-transaction";
import { COMMENT_SELECT, toComment, type CommentRow } from "./comment-rows";
import type { Comment } from "./comment-schemas";

/** One comment as the API shows it, read in the caller's transaction. */
export async function readComment(tx: Tx, commentId: string): Promise<Comment | null> {
  const [row] = await tx.$queryRaw<CommentRow[]>`${Prisma.raw(COMMENT_SELECT)} WHERE c.id = ${commentId}`;
  return row ? toComment(row) : null;
}
