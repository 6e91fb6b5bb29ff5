import "server-only";
import type { Principal } from "@/lib/request/principal";
import type { Prisma } from "@/lib/db/generated/client";
import { runTransaction } from "@/lib/db/run-transaction";
import { assertFolderInWorkspace } from "@/lib/folders/assert-folder-in-workspace";
import { ApiError } from "@/lib/errors/api-error";
import { assertIfMatch, type IfMatch } from "@/lib/http/etag";
import { snapHistory } from "@/lib/history/record-snap-history";
import { recordSnapChanges } from "@/lib/live/record-snap-changes";
import { actorOf } from "@/lib/live/write-actor";
import { createShareToken } from "./create-share-token";
import { recordSharingChanges } from "./record-sharing-changes";
import { snapFieldsSelect } from "../board-model/snap-selects";
import { assertSnapAccess, type SnapAccessFacts } from "../board-model/snap-access";
import { snapEtag } from "./snap-etag";
import { SHARING_FIELDS, type SnapUpdate } from "./snap-schemas";
import { snapEvent } from "@/lib/events/feed-event-inputs";
import { recordFeedEvents } from "@/lib/events/record-feed-events";
import { snapMembersColumnSql } from "../board-model/snap-access";

interface LockedSnap extends SnapAccessFacts {
  title: string;
  isPublic: boolean;
  shareToken: string | null;
  updatedAt: Date;
  folderId: string | null;
  folderName: string | null;
  now: Date;
}

/**
 * PATCH /api/snaps/:id. Content fields need edit access; the sharing fields need manage access
 * (owner or workspace admin), and never come from a connected app. Public gets a fresh token unless it has one; private clears it.
 * With If-Match, the snap as locked must still have that ETag (412 otherwise, nothing written).
 * The answer (the whole snap) is read after the commit by the caller: built inside the write it
 * held the board in memory for the transaction's time (docs/API.md, "Content budget").
 */
export async function updateSnap(principal: Principal, snapId: string, input: SnapUpdate, { ifMatch }: { ifMatch?: IfMatch } = {}): Promise<void> {
  const changesSharing = SHARING_FIELDS.some((field) => input[field] !== undefined);
  // A public link or a wider share outlives the app's connection, and the consent page never offers
  // it: sharing is the person's own decision (docs/SECURITY.md, "OAuth (connected apps)").
  if (changesSharing && principal.via === "oauth") {
    throw new ApiError("FORBIDDEN", "Connected apps cannot change who can see a snap (isPublic, sharedWithWorkspace, shareMode): sign in to the web app");
  }

  return runTransaction(async (tx) => {
    // Locked so that the access decision, the token logic and If-Match see the row this update
    // replaces. NO KEY: card inserts may still reference the snap meanwhile. now() is the
    // database's clock, the one card writes use for updatedAt too, and like them it only moves
    // updatedAt forward (see recordSnapChanges).
    const [snap] = await tx.$queryRaw<LockedSnap[]>`
      SELECT s."userId", s."workspaceId", s.title, s."isPublic", s."sharedWithWorkspace", s."shareMode"::text AS "shareMode", s."shareToken", ${snapMembersColumnSql("s")},
        s."updatedAt", s."folderId", f.name AS "folderName", GREATEST(now(), s."updatedAt" + interval '1 millisecond') AS now
      FROM "Snap" AS s LEFT JOIN "Folder" AS f ON f.id = s."folderId" WHERE s.id = ${snapId} FOR NO KEY UPDATE OF s`;
    if (!snap) throw new ApiError("NOT_FOUND", "Snap not found");
    assertSnapAccess(principal, snap, changesSharing ? "manage" : "edit");
    const folder = snap.folderName === null ? null : { name: snap.folderName };
    assertIfMatch(ifMatch, snapEtag({ id: snapId, updatedAt: snap.updatedAt, folderId: snap.folderId, folder }), "snap");
    // Folders are the workspace's: a guest editor (docs/SECURITY.md, "Board members and guests") neither sees nor files into them.
    if (input.folderId !== undefined && principal.workspaceId !== snap.workspaceId) {
      throw new ApiError("FORBIDDEN", "Only members of the snap's workspace may file it in a folder", [
        { path: "folderId", message: "Not in this snap's workspace" },
      ]);
    }
    if (input.folderId) await assertFolderInWorkspace(tx, input.folderId, snap.workspaceId);

    if (Object.keys(input).length > 0) {
      const { isPublic, ...fields } = input;
      const data: Prisma.SnapUncheckedUpdateInput = { ...fields, updatedAt: snap.now };
      if (isPublic !== undefined) {
        data.isPublic = isPublic;
        data.shareToken = isPublic ? (snap.shareToken ?? createShareToken()) : null;
      }
      // The changed fields as stored, for the live `change` event (folder as {id, name}, like responses).
      const select: Prisma.SnapSelect = Object.fromEntries(
        Object.keys(data)
          .filter((key) => key !== "updatedAt")
          .map((key) => [key, true]),
      );
      if ("folderId" in data) select.folder = { select: { id: true, name: true } };
      const changed = (await tx.snap.update({ where: { id: snapId }, data, select })) as Record<string, unknown>;
      await recordSnapChanges(tx, actorOf(principal), [{ snapId, snap: changed }], [snapHistory()]);
      await recordSharingChanges(tx, principal, snapId, snap, input);
      const updated = await tx.snap.findUniqueOrThrow({ where: { id: snapId }, select: snapFieldsSelect });
      await recordFeedEvents(tx, actorOf(principal), [snapEvent("snap.updated", updated)]);
    }
  });
}
