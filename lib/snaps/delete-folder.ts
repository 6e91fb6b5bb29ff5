import "server-only";
import type { Principal } from "@/lib/request/principal";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { snapHistory } from "@/lib/history/record-snap-history";
import { recordSnapChanges } from "@/lib/live/record-snap-changes";
import { actorOf } from "@/lib/live/write-actor";
import { getManageableFolderOrThrow } from "../folders/get-manageable-folder-or-throw";
import { snapFieldsSelect } from "@/lib/board-model/snap-selects";
import { snapEvent } from "@/lib/events/feed-event-inputs";
import { recordFeedEvents } from "@/lib/events/record-feed-events";

/**
 * DELETE /api/folders/:id: its snaps stay, unfiled (Snap.folderId is ON DELETE SET NULL), and each
 * gets a live `change` (folderId and folder null) in the same transaction. A write to snaps, so it
 * lives with them: folders sit a layer below snaps (docs/ARCHITECTURE.md, "Layers").
 */
export async function deleteFolder(principal: Principal, folderId: string): Promise<void> {
  await getManageableFolderOrThrow(principal, folderId);
  // In a retried transaction: unfiling locks the folder's snaps, and a concurrent PATCH filing one
  // of them holds that snap while it checks the folder, so PostgreSQL may pick either as a deadlock victim.
  const { count } = await runTransaction(async (tx) => {
    const filed = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Snap" WHERE "folderId" = ${folderId} ORDER BY id FOR NO KEY UPDATE`;
    const deleted = await tx.folder.deleteMany({ where: { id: folderId } });
    await recordSnapChanges(
      tx,
      actorOf(principal),
      filed.map(({ id }) => ({ snapId: id, snap: { folderId: null, folder: null } })),
      [snapHistory()],
    );
    if (filed.length > 0) {
      const unfiled = await tx.snap.findMany({ where: { id: { in: filed.map(({ id }) => id) } }, select: snapFieldsSelect });
      await recordFeedEvents(
        tx,
        actorOf(principal),
        unfiled.map((snap) => snapEvent("snap.updated", snap)),
      );
    }
    return deleted;
  });
  if (count === 0) throw new ApiError("NOT_FOUND", "Folder not found"); // deleted concurrently
}
