import "server-only";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { getSnapAccessOrThrow } from "@/lib/board-model/snap-access";
import { db } from "@/lib/db/client";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { recordFeedEvents } from "@/lib/events/record-feed-events";
import { actorOf } from "@/lib/live/write-actor";
import type { Principal } from "@/lib/request/principal";
import { fileDeletedEvent } from "./file-events";
import { deleteQueuedFileObjects } from "./delete-queued-file-objects";
import { detachFileFromCards } from "./detach-file-from-cards";

/**
 * DELETE /api/files/:id: edit access to its snap; someone who may not read the snap gets the 404
 * of a file that does not exist. The row goes with its file.deleted event and an audit entry, and
 * leaves the attachments of the cards that carried it (lib/files/detach-file-from-cards.ts); its
 * storage objects are queued by the row's trigger and deleted at once (or by the next sweep).
 */
export async function deleteFile(principal: Principal, fileId: string): Promise<void> {
  const file = await db.file.findUnique({ where: { id: fileId }, select: { snapId: true, name: true, objectId: true } });
  if (!file) throw new ApiError("NOT_FOUND", "File not found");
  let snap;
  try {
    snap = await getSnapAccessOrThrow(principal, file.snapId, "read");
  } catch (error) {
    if (error instanceof ApiError && (error.code === "FORBIDDEN" || error.code === "NOT_FOUND")) throw new ApiError("NOT_FOUND", "File not found");
    throw error;
  }
  await getSnapAccessOrThrow(principal, file.snapId, "edit");
  await runTransaction(async (tx) => {
    const deleted = await tx.file.deleteMany({ where: { id: fileId, snapId: file.snapId } });
    if (deleted.count === 0) throw new ApiError("NOT_FOUND", "File not found");
    await detachFileFromCards(tx, actorOf(principal), file.snapId, fileId);
    await recordFeedEvents(tx, actorOf(principal), [fileDeletedEvent(file.snapId, fileId)]);
    await recordAuditEvent(tx, {
      workspace: { id: snap.workspaceId },
      action: "file.deleted",
      actor: auditActorOf(principal),
      target: { type: "file", id: fileId, name: file.name },
    });
  });
  await deleteQueuedFileObjects([file.objectId]).catch(() => {});
}
