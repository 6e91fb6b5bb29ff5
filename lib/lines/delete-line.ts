import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { snapHistory } from "@/lib/history/record-snap-history";
import { recordSnapChanges } from "@/lib/live/record-snap-changes";
import { actorOf } from "@/lib/live/write-actor";
import { lockLine } from "./lock-line";
import { lineDeletedEvent } from "@/lib/events/feed-event-inputs";
import { feedEvents } from "@/lib/events/record-feed-events";

/** DELETE /api/lines/:id: needs edit access to the line's snap. */
export async function deleteLine(principal: Principal, lineId: string): Promise<void> {
  await runTransaction(async (tx) => {
    const { snapId } = await lockLine(tx, principal, lineId, "delete");
    await tx.line.deleteMany({ where: { id: lineId } });
    await recordSnapChanges(tx, actorOf(principal), [{ snapId, deletedLineIds: [lineId] }], [snapHistory(), feedEvents([lineDeletedEvent(snapId, lineId)])]);
  });
}
