import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { snapHistory } from "@/lib/history/record-snap-history";
import { recordSnapChanges } from "@/lib/live/record-snap-changes";
import { actorOf } from "@/lib/live/write-actor";
import { ApiError, type ErrorDetail } from "@/lib/errors/api-error";
import { assertSnapAccess, snapAccessSelect } from "@/lib/snaps/snap-access";
import type { LineCreate } from "./line-schemas";
import { lineSelect, type LineView } from "./line-selects";
import { lineEvent } from "@/lib/events/feed-event-inputs";
import { feedEvents } from "@/lib/events/record-feed-events";

/** POST /api/snaps/:id/lines: both cards must belong to that snap (400 otherwise). */
export async function createLine(principal: Principal, snapId: string, input: LineCreate): Promise<LineView> {
  return runTransaction(async (tx) => {
    const snap = await tx.snap.findUnique({ where: { id: snapId }, select: snapAccessSelect });
    if (!snap) throw new ApiError("NOT_FOUND", "Snap not found");
    assertSnapAccess(principal, snap, "edit");

    // KEY SHARE keeps both cards from being deleted until the line exists, without blocking card edits.
    const cards = await tx.$queryRaw<{ id: string; snapId: string }[]>`
      SELECT id, "snapId" FROM "Card" WHERE id IN (${input.fromCardId}, ${input.toCardId}) ORDER BY id FOR KEY SHARE`;
    const inSnap = new Set(cards.filter((card) => card.snapId === snapId).map((card) => card.id));
    const problems: ErrorDetail[] = (["fromCardId", "toCardId"] as const)
      .filter((end) => !inSnap.has(input[end]))
      .map((end) => ({ path: end, message: "No such card in this snap" }));
    if (problems.length) throw new ApiError("BAD_REQUEST", "Both cards of a line must belong to its snap", problems);

    const line = await tx.line.create({ data: { ...input, snapId }, select: lineSelect });
    await recordSnapChanges(
      tx,
      actorOf(principal),
      [{ snapId, lines: [line] }],
      [snapHistory({ created: true }), feedEvents([lineEvent("lines.created", line)])],
    );
    return line;
  });
}
