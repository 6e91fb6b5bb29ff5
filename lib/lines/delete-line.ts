import type { Principal } from "@/lib/auth/principal";
import { touchSnaps } from "@/lib/cards/touch-snaps";
import { runTransaction } from "@/lib/db/run-transaction";
import { lockLine } from "./lock-line";

/** DELETE /api/lines/:id: needs edit access to the line's snap. */
export async function deleteLine(principal: Principal, lineId: string): Promise<void> {
  await runTransaction(async (tx) => {
    const { snapId } = await lockLine(tx, principal, lineId, "delete");
    await tx.line.deleteMany({ where: { id: lineId } });
    await touchSnaps(tx, [snapId]);
  });
}
