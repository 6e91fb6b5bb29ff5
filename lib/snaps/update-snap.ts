import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import type { IfMatch } from "@/lib/http/etag";
import { snapHistory } from "@/lib/history/record-snap-history";
import { recordSnapChanges } from "@/lib/live/record-snap-changes";
import { actorOf } from "@/lib/live/write-actor";
import type { SnapUpdate } from "./snap-schemas";
import { assertSnapUpdateAllowed, writeSnapFields } from "./write-snap-fields";

/**
 * PATCH /api/snaps/:id (the fields' checks and write: lib/snaps/write-snap-fields.ts, shared with
 * a change's `snap`). With If-Match, the snap as locked must still have that ETag (412 otherwise,
 * nothing written). The answer (the whole snap) is read after the commit by the caller: built
 * inside the write it held the board in memory for the transaction's time (docs/API.md, "Content budget").
 */
export async function updateSnap(principal: Principal, snapId: string, input: SnapUpdate, { ifMatch }: { ifMatch?: IfMatch } = {}): Promise<void> {
  assertSnapUpdateAllowed(principal, input);
  return runTransaction(async (tx) => {
    const written = await writeSnapFields(tx, principal, snapId, input, { ifMatch });
    if (!written) return;
    await recordSnapChanges(tx, actorOf(principal), [{ snapId, snap: written.changed }], [snapHistory()]);
    await written.recordAfter();
  });
}
