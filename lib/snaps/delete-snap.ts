import type { Principal } from "@/lib/auth/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/http/api-error";
import { notifySnapDeleted } from "@/lib/live/notify-snap-deleted";
import { getSnapAccessOrThrow } from "./snap-access";

/** DELETE /api/snaps/:id: owner or workspace admin; cards and lines go with it (ON DELETE CASCADE). */
export async function deleteSnap(principal: Principal, snapId: string): Promise<void> {
  await getSnapAccessOrThrow(principal, snapId, "manage");
  await runTransaction(async (tx) => {
    // The cascade would lock the snap before its cards; card and line writers lock cards, then
    // lines, then the snap. Taking the same order first makes them queue instead of deadlocking.
    await tx.$executeRaw`SELECT id FROM "Card" WHERE "snapId" = ${snapId} ORDER BY id FOR UPDATE`;
    await tx.$executeRaw`SELECT id FROM "Line" WHERE "snapId" = ${snapId} ORDER BY id FOR UPDATE`;
    const { count } = await tx.snap.deleteMany({ where: { id: snapId } });
    if (count === 0) throw new ApiError("NOT_FOUND", "Snap not found"); // deleted concurrently
    await notifySnapDeleted(tx, snapId);
  });
}
