import "server-only";
import type { Principal } from "@/lib/request/principal";
import { createId } from "@/lib/db/create-id";
import { runTransaction, type Tx } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { actorOf } from "@/lib/live/write-actor";
import { recordNotifications } from "@/lib/notifications/record-notifications";
import { assertSnapAccess, snapAccessSelect, type SnapAccessFacts } from "@/lib/board-model/snap-access";
import { assertMentions } from "./assert-mentions";
import { MAX_COMMENTS_PER_SNAP } from "./comment-config";
import type { Comment, CommentCreate } from "./comment-schemas";
import { notificationTargets } from "./notification-targets";
import { readComment } from "./read-comment";
import { recordCommentChange } from "./record-comment-change";
import { snapMembersColumnSql } from "@/lib/board-model/snap-access";

/**
 * POST /api/snaps/:id/comments: whoever may comment on the snap (a commenter, editor or manager; a
 * viewer may not; a read-only key is refused before this, as for any write). A reply to a reply joins its root; a reply is on its root's card.
 * The card, the parent and the snap are held (KEY SHARE, in the global lock order) so that none is
 * deleted before the comment exists: a concurrent delete makes this a 400/404, never a 500.
 */
export async function createComment(principal: Principal, snapId: string, input: CommentCreate): Promise<Comment> {
  return runTransaction(async (tx) => {
    // Access first (an outsider learns nothing of cards or comments), unlocked: cards are locked before snaps.
    const facts = await tx.snap.findUnique({ where: { id: snapId }, select: snapAccessSelect });
    if (!facts) throw new ApiError("NOT_FOUND", "Snap not found");
    assertSnapAccess(principal, facts, "comment");
    if (input.cardId) await assertCardOfSnap(tx, input.cardId, snapId);
    const root = input.parentId ? await rootOf(tx, input.parentId, snapId) : null;
    if (root && input.cardId !== undefined && input.cardId !== root.cardId) {
      throw new ApiError("BAD_REQUEST", "A reply is on its thread's card", [{ path: "cardId", message: "Differs from the thread's card; leave it out" }]);
    }
    const [snap] = await tx.$queryRaw<(SnapAccessFacts & { comments: number })[]>`
      SELECT s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode"::text AS "shareMode", ${snapMembersColumnSql("s")},
        (SELECT count(*)::int FROM (SELECT 1 FROM "Comment" WHERE "snapId" = s.id LIMIT ${MAX_COMMENTS_PER_SNAP}) AS capped) AS comments
      FROM "Snap" AS s WHERE s.id = ${snapId} FOR KEY SHARE`;
    if (!snap) throw new ApiError("NOT_FOUND", "Snap not found");
    assertSnapAccess(principal, snap, "comment");
    if (snap.comments >= MAX_COMMENTS_PER_SNAP) throw new ApiError("CONFLICT", `A snap holds at most ${MAX_COMMENTS_PER_SNAP} comments`);
    const mentions = await assertMentions(tx, snap, input.body);

    const actor = actorOf(principal);
    const id = createId();
    await tx.$executeRaw`
      INSERT INTO "Comment" (id, "snapId", "cardId", "parentId", "authorId", "actorType", "actorApiKeyId", body, mentions)
      VALUES (${id}, ${snapId}, ${root ? root.cardId : (input.cardId ?? null)}, ${root?.id ?? null}, ${principal.userId}, ${actor.type}::"WriteActorType",
        ${actor.apiKeyId}, ${input.body}, ${mentions}::text[])`;
    const targets = await notificationTargets(tx, snap, { authorId: principal.userId, rootId: root?.id ?? null, mentions });
    await recordNotifications(tx, { id, snapId }, actor, targets);
    const comment = (await readComment(tx, id))!;
    await recordCommentChange(tx, actor, "comment.created", comment);
    return comment;
  });
}

async function assertCardOfSnap(tx: Tx, cardId: string, snapId: string): Promise<void> {
  const [card] = await tx.$queryRaw<{ snapId: string }[]>`SELECT "snapId" FROM "Card" WHERE id = ${cardId} FOR KEY SHARE`;
  if (card?.snapId !== snapId) throw new ApiError("BAD_REQUEST", "No such card on this snap", [{ path: "cardId", message: "No such card on this snap" }]);
}

/** The thread's root: the parent itself, or the parent's root for a reply to a reply. */
async function rootOf(tx: Tx, parentId: string, snapId: string): Promise<{ id: string; cardId: string | null }> {
  const [parent] = await tx.$queryRaw<{ id: string; snapId: string; cardId: string | null; parentId: string | null }[]>`
    SELECT c.id, c."snapId", c."cardId", c."parentId" FROM "Comment" AS c
    WHERE c.id = (SELECT COALESCE(p."parentId", p.id) FROM "Comment" AS p WHERE p.id = ${parentId}) FOR KEY SHARE`;
  if (parent?.snapId !== snapId)
    throw new ApiError("BAD_REQUEST", "No such comment on this snap", [{ path: "parentId", message: "No such comment on this snap" }]);
  return { id: parent.id, cardId: parent.cardId };
}
