import "server-only";
import type { Principal } from "@/lib/request/principal";
import type { Prisma } from "@/lib/db/generated/client";
import type { Tx } from "@/lib/db/run-transaction";
import { assertFolderInWorkspace } from "@/lib/folders/assert-folder-in-workspace";
import { ApiError } from "@/lib/errors/api-error";
import { assertIfMatch, type IfMatch } from "@/lib/http/etag";
import { createShareToken } from "./create-share-token";
import { recordSharingChanges } from "./record-sharing-changes";
import { snapFieldsSelect } from "../board-model/snap-selects";
import { assertSnapAccess, snapMembersColumnSql, type SnapAccessFacts } from "../board-model/snap-access";
import { snapEtag } from "./snap-etag";
import { SHARING_FIELDS, type SnapUpdate } from "./snap-schemas";
import { snapEvent } from "@/lib/events/feed-event-inputs";
import { recordFeedEvents } from "@/lib/events/record-feed-events";
import { actorOf } from "@/lib/live/write-actor";

export type SnapFields = Prisma.SnapGetPayload<{ select: typeof snapFieldsSelect }>;

interface LockedSnap extends SnapAccessFacts {
  title: string;
  isPublic: boolean;
  shareToken: string | null;
  updatedAt: Date;
  folderId: string | null;
  folderName: string | null;
  now: Date;
}

/** A snap update written, not recorded yet: the fields as stored, and what follows its record. */
export interface WrittenSnapFields {
  /** The changed fields as stored (folder as {id, name}, like responses): the live event's and history's `snap`. */
  changed: Record<string, unknown>;
  /** After recordSnapChanges: the audit entries of a sharing change and the snap.updated feed event; the snap's fields as written. */
  recordAfter(): Promise<SnapFields>;
}

/**
 * The checks of a snap update that need no database: the sharing fields never come from a
 * connected app. A public link or a wider share outlives the app's connection, and the consent
 * page never offers it: sharing is the person's own decision (docs/SECURITY.md, "OAuth (connected apps)").
 */
export function assertSnapUpdateAllowed(principal: Principal, input: SnapUpdate, path = ""): void {
  if (principal.via === "oauth" && SHARING_FIELDS.some((field) => input[field] !== undefined)) {
    throw new ApiError(
      "FORBIDDEN",
      "Connected apps cannot change who can see a snap (isPublic, sharedWithWorkspace, shareMode): sign in to the web app",
      path ? [{ path: path.replace(/\.$/, ""), message: "Sharing fields are not for connected apps" }] : undefined,
    );
  }
}

/**
 * The snap fields of PATCH /api/snaps/:id, and of a change's `snap` (docs/API.md, "Changes"),
 * written in the caller's transaction. Content fields need edit access; the sharing fields need
 * manage access (owner or workspace admin). Public gets a fresh token unless it has one; private
 * clears it. `path` prefixes the field paths of a refusal (`snap.` in a change). Null when the
 * update sets nothing. The caller records the change (recordSnapChanges) and then `recordAfter`.
 */
export async function writeSnapFields(
  tx: Tx,
  principal: Principal,
  snapId: string,
  input: SnapUpdate,
  { ifMatch, path = "" }: { ifMatch?: IfMatch; path?: string } = {},
): Promise<WrittenSnapFields | null> {
  assertSnapUpdateAllowed(principal, input, path);
  const changesSharing = SHARING_FIELDS.some((field) => input[field] !== undefined);
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
      { path: `${path}folderId`, message: "Not in this snap's workspace" },
    ]);
  }
  if (input.folderId) await withPathPrefix(path, () => assertFolderInWorkspace(tx, input.folderId!, snap.workspaceId));
  if (Object.keys(input).length === 0) return null;

  const { isPublic, ...fields } = input;
  const data: Prisma.SnapUncheckedUpdateInput = { ...fields, updatedAt: snap.now };
  if (isPublic !== undefined) {
    data.isPublic = isPublic;
    data.shareToken = isPublic ? (snap.shareToken ?? createShareToken()) : null;
  }
  const select: Prisma.SnapSelect = Object.fromEntries(
    Object.keys(data)
      .filter((key) => key !== "updatedAt")
      .map((key) => [key, true]),
  );
  if ("folderId" in data) select.folder = { select: { id: true, name: true } };
  const changed = (await tx.snap.update({ where: { id: snapId }, data, select })) as Record<string, unknown>;
  return {
    changed,
    async recordAfter() {
      await recordSharingChanges(tx, principal, snapId, snap, input);
      const updated = await tx.snap.findUniqueOrThrow({ where: { id: snapId }, select: snapFieldsSelect });
      await recordFeedEvents(tx, actorOf(principal), [snapEvent("snap.updated", updated)]);
      return updated;
    },
  };
}

/** A refusal's field paths under `path` (`snap.folderId` for a change's snap part). */
async function withPathPrefix<T>(path: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!path || !(error instanceof ApiError) || !error.details) throw error;
    throw new ApiError(
      error.code,
      error.message,
      error.details.map((detail) => ({ ...detail, path: `${path}${detail.path}` })),
      error.headers,
    );
  }
}
