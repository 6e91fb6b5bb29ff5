import "server-only";
import type { Principal } from "@/lib/request/principal";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { getSnapAccessOrThrow } from "@/lib/board-model/snap-access";
import { COMMENT_SELECT, toComment, type CommentRow } from "./comment-rows";
import type { CommentListArgs, CommentsPage } from "./comment-schemas";
import { decodeTimeIdCursor, encodeTimeIdCursor } from "@/lib/http/time-id-cursor";

/**
 * GET /api/snaps/:id/comments (read access): the snap's comments after the cursor, oldest first,
 * replies included; one card's (`cardId`), the board's own (`cardId=board`) or all. One page, read
 * in index order: the page's rows and no more (limit + 1, to know whether more follow).
 */
export async function listComments(principal: Principal, snapId: string, args: CommentListArgs): Promise<CommentsPage> {
  await getSnapAccessOrThrow(principal, snapId, "read");
  const after = args.after === undefined ? null : decodeTimeIdCursor(args.after);
  const conditions: Prisma.Sql[] = [Prisma.sql`c."snapId" = ${snapId}`];
  if (args.cardId === "board") conditions.push(Prisma.sql`c."cardId" IS NULL`);
  else if (args.cardId !== undefined) conditions.push(Prisma.sql`c."cardId" = ${args.cardId}`);
  if (after) conditions.push(Prisma.sql`(c."createdAt", c.id) > (${after.at}::timestamptz, ${after.id})`);
  const rows = await db.$queryRaw<CommentRow[]>`
    ${Prisma.raw(COMMENT_SELECT)}
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY c."createdAt", c.id
    LIMIT ${args.limit + 1}`;
  const page = rows.slice(0, args.limit);
  const last = page.at(-1);
  const hasMore = rows.length > args.limit;
  return { comments: page.map(toComment), nextCursor: hasMore && last ? encodeTimeIdCursor({ at: last.createdAt, id: last.id }) : null, hasMore };
}
