import "server-only";
import { Prisma } from "@/lib/db/generated/client";
import type { Tx } from "@/lib/db/run-transaction";
import type { SnapAccessFacts } from "@/lib/board-model/snap-access";
import { snapMembersColumnSql } from "@/lib/board-model/snap-access";

/** A locked card with the access facts of its snap. */
export interface LockedCard extends SnapAccessFacts {
  id: string;
  snapId: string;
}

/**
 * Locks the given cards (those that exist) and reads their snaps' access facts in one statement.
 * Rows are locked in id order so that concurrent writers over overlapping cards queue instead of
 * deadlocking. "update" takes FOR NO KEY UPDATE, which still lets lines reference the cards;
 * "delete" takes FOR UPDATE, as the DELETE will. The snaps are named by their ids too: estimating
 * 100 cards in 100 snaps, the planner hashed a sequential scan of every snap (9.6 ms at 10,000),
 * where the cards of a batch sit in one or a few snaps (bench/write-plans.ts).
 */
export async function lockCards(tx: Tx, cardIds: readonly string[], purpose: "update" | "delete"): Promise<Map<string, LockedCard>> {
  const lock = Prisma.raw(purpose === "delete" ? "FOR UPDATE OF c" : "FOR NO KEY UPDATE OF c");
  const ids = [...cardIds];
  const rows = await tx.$queryRaw<LockedCard[]>`
    SELECT c.id, c."snapId", s."userId", s."workspaceId", s."sharedWithWorkspace", s."shareMode", ${snapMembersColumnSql("s")}
    FROM "Card" AS c JOIN "Snap" AS s ON s.id = c."snapId"
    WHERE c.id = ANY(${ids}::text[]) AND s.id = ANY(ARRAY(SELECT "snapId" FROM "Card" WHERE id = ANY(${ids}::text[])))
    ORDER BY c.id
    ${lock}`;
  return new Map(rows.map((row) => [row.id, row]));
}
