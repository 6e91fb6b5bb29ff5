import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { snapHistory } from "@/lib/history/record-snap-history";
import { recordSnapChanges } from "@/lib/live/record-snap-changes";
import { actorOf } from "@/lib/live/write-actor";
import type { LineUpdate } from "./line-schemas";
import { lineSelect, type LineView } from "./line-selects";
import { lockLine } from "./lock-line";
import { lineEvent } from "@/lib/events/feed-event-inputs";
import { feedEvents } from "@/lib/events/record-feed-events";

/** PATCH /api/lines/:id: needs edit access to the line's snap. */
export async function updateLine(principal: Principal, lineId: string, input: LineUpdate): Promise<LineView> {
  return runTransaction(async (tx) => {
    const { snapId } = await lockLine(tx, principal, lineId, "update");
    const line = await tx.line.update({ where: { id: lineId }, data: { ...input, updatedAt: new Date() }, select: lineSelect });
    await recordSnapChanges(tx, actorOf(principal), [{ snapId, lines: [line] }], [snapHistory(), feedEvents([lineEvent("lines.updated", line)])]);
    return line;
  });
}
