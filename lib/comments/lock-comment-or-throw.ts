import "server-only";
import type { Principal } from "@/lib/request/principal";
import type { Tx } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { assertSnapAccess, type SnapAccessFacts } from "@/lib/board-model/snap-access";
import { snapMembersColumnSql } from "@/lib/board-model/snap-access";

export interface LockedComment extends SnapAccessFacts {
  id: string;
  snapId: string;
  cardId: string | null;
  parentId: string | null;
  authorId: string;
  deleted: boolean;
  mentions: string[];
}

/**
 * A comment locked for a change, with its snap's access facts: 404 if there is no such comment, 403
 * if the caller cannot read its snap (as for snaps: not 404), or may not comment on it when `needed`
 * says so (a viewer may still delete their own comments). Comments are locked before snaps, as
 * cards are (docs/ARCHITECTURE.md, "Writes, transactions and locks").
 */
export async function lockCommentOrThrow(tx: Tx, principal: Principal, commentId: string, needed: "read" | "comment" = "comment"): Promise<LockedComment> {
  const [comment] = await tx.$queryRaw<LockedComment[]>`
    SELECT c.id, c."snapId", c."cardId", c."parentId", c."authorId", c.deleted, COALESCE(c.mentions, '{}') AS mentions,
      s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode"::text AS "shareMode", ${snapMembersColumnSql("s")}
    FROM "Comment" AS c JOIN "Snap" AS s ON s.id = c."snapId"
    WHERE c.id = ${commentId} FOR NO KEY UPDATE OF c`;
  if (!comment) throw new ApiError("NOT_FOUND", "Comment not found");
  assertSnapAccess(principal, comment, "read", "comment");
  if (needed === "comment") assertSnapAccess(principal, comment, "comment");
  return comment;
}
