import "server-only";
import type { Principal } from "@/lib/request/principal";
import { auditActorOf } from "@/lib/audit/audit-actor";
import { recordAuditEvent } from "@/lib/audit/record-audit-event";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { notifySnapDeleted } from "@/lib/live/notify-snap-deleted";
import { getSnapAccessOrThrow } from "../board-model/snap-access";
import { actorOf } from "@/lib/live/write-actor";
import { snapDeletedEvent } from "@/lib/events/feed-event-inputs";
import { recordFeedEvents } from "@/lib/events/record-feed-events";

/** DELETE /api/snaps/:id: owner or workspace admin; cards and lines go with it (ON DELETE CASCADE). */
export async function deleteSnap(principal: Principal, snapId: string): Promise<void> {
  await getSnapAccessOrThrow(principal, snapId, "manage");
  await runTransaction(async (tx) => {
    // The cascade would lock the snap before its cards; card and line writers lock cards, then
    // lines, then the snap. Taking the same order first makes them queue instead of deadlocking.
    await tx.$executeRaw`SELECT id FROM "Card" WHERE "snapId" = ${snapId} ORDER BY id FOR UPDATE`;
    await tx.$executeRaw`SELECT id FROM "Line" WHERE "snapId" = ${snapId} ORDER BY id FOR UPDATE`;
    const [deleted] = await tx.$queryRaw<{ title: string; userId: string; workspaceId: string; sharedWithWorkspace: boolean; version: number }[]>`
      DELETE FROM "Snap" WHERE id = ${snapId} RETURNING title, "userId", "workspaceId", "sharedWithWorkspace", version`;
    if (!deleted) throw new ApiError("NOT_FOUND", "Snap not found"); // deleted concurrently
    await notifySnapDeleted(tx, snapId);
    await recordFeedEvents(tx, actorOf(principal), [snapDeletedEvent(snapId, deleted)]);
    await recordAuditEvent(tx, {
      workspace: { id: deleted.workspaceId },
      action: "snap.deleted",
      actor: auditActorOf(principal),
      target: { type: "snap", id: snapId, name: deleted.title },
    });
  });
}
