import "server-only";
import type { Principal } from "@/lib/request/principal";
import { cardColumnsSql } from "@/lib/board-model/card-columns-sql";
import type { CardView } from "@/lib/board-model/card-selects";
import { createId } from "@/lib/db/create-id";
import { runTransaction, type Tx } from "@/lib/db/run-transaction";
import { insertHistoryEntries } from "@/lib/history/record-snap-history";
import { ApiError } from "@/lib/errors/api-error";
import { actorOf } from "@/lib/live/write-actor";
import type { SnapDetail } from "../board-model/find-snap-detail";
import type { SnapCreate } from "./snap-schemas";
import { snapFieldsSelect } from "../board-model/snap-selects";
import { snapEvent } from "@/lib/events/feed-event-inputs";
import { recordFeedEvents } from "@/lib/events/record-feed-events";

/**
 * POST /api/snaps: a snap owned by the caller, in their workspace, with rows x cols empty cards.
 * Snap and grid are written in one transaction, the grid in one INSERT whatever its size.
 */
export async function createSnap(principal: Principal, input: SnapCreate): Promise<SnapDetail> {
  const { rows, cols, ...fields } = input;
  return runTransaction(async (tx) => {
    // The owner's membership is read FOR SHARE: a concurrent move to another workspace
    // (addWorkspaceMember) waits for this snap or is seen by it, never leaving it behind.
    // now(): the database's clock, which the cards' timestamps and later card writes use too.
    const [membership] = await tx.$queryRaw<{ workspaceId: string; now: Date }[]>`
      SELECT "workspaceId", now() AS now FROM "Membership" WHERE "userId" = ${principal.userId} FOR SHARE`;
    if (!membership) throw new ApiError("FORBIDDEN", "You are not a member of any workspace");

    const { workspaceId, now } = membership;
    const snap = await tx.snap.create({
      data: { ...fields, userId: principal.userId, workspaceId, createdAt: now, updatedAt: now },
      select: snapFieldsSelect,
    });
    const cards = await insertGrid(tx, snap.id, rows, cols);
    // Version 1 in the snap's history, with its snapshot: "Created the snap", restorable like any version.
    const createdSnap = { cardCount: cards.length, cardIds: cards.slice(0, 100).map((card) => card.id) };
    await insertHistoryEntries(tx, actorOf(principal), [{ snapId: snap.id, change: { createdSnap } }]);
    await recordFeedEvents(tx, actorOf(principal), [snapEvent("snap.created", snap)]);
    return { ...snap, cards, lines: [] };
  });
}

/**
 * One INSERT ... SELECT over an array of ids rather than Prisma's createMany: createMany binds
 * every column of every row, so it splits a 100 x 100 grid into seven statements and took
 * seconds where this takes well under one (measured: docs/PERFORMANCE.md).
 */
async function insertGrid(tx: Tx, snapId: string, rows: number, cols: number): Promise<CardView[]> {
  const ids = Array.from({ length: rows * cols }, createId);
  const cards = await tx.$queryRaw<CardView[]>`
    INSERT INTO "Card" AS c ("id", "snapId", "row", "col")
    SELECT id, ${snapId}, ((ord - 1) / ${cols}::int)::int, ((ord - 1) % ${cols}::int)::int
    FROM unnest(${ids}::text[]) WITH ORDINALITY AS grid(id, ord)
    RETURNING ${cardColumnsSql}`;
  // RETURNING order is not guaranteed: put the cards in grid order as GET returns them.
  return cards.sort((a, b) => a.row - b.row || a.col - b.col);
}
