import "server-only";
import { stat, unlink } from "node:fs/promises";
import { config } from "@/lib/config";
import { createId } from "@/lib/db/create-id";
import { runTransaction } from "@/lib/db/run-transaction";
import { ApiError } from "@/lib/errors/api-error";
import { recordFeedEvents } from "@/lib/events/record-feed-events";
import { actorOf } from "@/lib/live/write-actor";
import { getSnapAccessOrThrow } from "@/lib/board-model/snap-access";
import type { Principal } from "@/lib/request/principal";
import { fileCreatedEvent } from "./file-events";
import type { FileView } from "./file-schemas";
import { fileStorage } from "./file-storage-from-config";
import { fileObjectKey, fileObjectKeys } from "./file-storage";
import { toFileView, type FileRow } from "./file-view";
import { hashFile } from "./hash-file";
import { identifyFile } from "./identify-file";
import { processImage } from "./process-image";
import type { ReceivedUpload } from "./receive-upload";
import { assertRoomForFiles, assertWithinQuota, workspaceFileBytes } from "./workspace-file-usage";

/** A File row to insert: its objects are stored. */
export type NewFileRow = Omit<FileRow, "createdAt"> & { sha256: string; displaySize: number | null; thumbSize: number | null };

/** How an upload's bytes arrive: into a temporary file of `dir`, at most `maxBytes` (lib/files/receive-upload.ts). */
export type ReceiveBytes = (dir: string, maxBytes: number) => Promise<ReceivedUpload>;

/**
 * POST /api/snaps/:id/files, and the MCP tools that add files: edit access is checked and the
 * workspace's quota looked at before a byte is read; the bytes go to a temporary file, are
 * identified, and (images) processed; the objects are stored, then the row is inserted with the
 * quota checked again under a workspace lock, with its file.created event (docs/API.md, "Files").
 */
export async function storeUpload(principal: Principal, snapId: string, receive: ReceiveBytes): Promise<FileView> {
  const settings = config();
  const snap = await getSnapAccessOrThrow(principal, snapId, "edit");
  const quota = settings.FILE_WORKSPACE_QUOTA_BYTES;
  if (quota > 0) assertWithinQuota(quota, await workspaceFileBytes(snap.workspaceId), 1);
  const received = await receive(fileStorage().incomingDir, settings.FILE_MAX_BYTES);
  const fileId = createId();
  const row = await storeReceivedFile(received, fileId, snapId, principal.userId);
  try {
    return await insertFile(principal, snap.workspaceId, quota, row);
  } catch (error) {
    await fileStorage()
      .delete(fileObjectKeys(fileId, true))
      .catch(() => {});
    throw error;
  }
}

/**
 * A received file as an upload makes it (identified from its bytes, an image decoded, turned
 * upright, stripped of metadata, with its renditions), its objects stored under `fileId`; the row
 * to insert, not inserted. The temporary files are gone afterwards, and so are the objects when it
 * fails. Uploads and imported archives (lib/transfer/import-archive.ts) both store files this way;
 * an archive's images charge their pixels to its bound in all (`chargePixels`, before decoding).
 */
export async function storeReceivedFile(
  received: ReceivedUpload,
  fileId: string,
  snapId: string,
  userId: string,
  chargePixels?: (pixels: number) => void,
): Promise<NewFileRow> {
  const settings = config();
  const storage = fileStorage();
  const temporary = [received.path];
  const stored: string[] = [];
  try {
    const identity = await identifyFile(received.path);
    if (identity.kind === "image") {
      const image = await processImage(received.path, identity.contentType, settings.FILE_MAX_IMAGE_PIXELS, chargePixels);
      temporary.push(image.original, image.display, image.thumb);
      const { size } = await stat(image.original);
      const sha256 = await hashFile(image.original);
      const sizes = { original: size, display: (await stat(image.display)).size, thumb: (await stat(image.thumb)).size };
      for (const variant of ["original", "display", "thumb"] as const) {
        const contentType = variant === "original" ? identity.contentType : "image/webp";
        stored.push(fileObjectKey(fileId, variant));
        await storage.put(fileObjectKey(fileId, variant), image[variant], { contentType, size: sizes[variant] });
      }
      return {
        id: fileId,
        snapId,
        name: received.name,
        contentType: identity.contentType,
        size,
        width: image.width,
        height: image.height,
        renditions: true,
        displaySize: sizes.display,
        thumbSize: sizes.thumb,
        sha256,
        createdById: userId,
      };
    }
    const sha256 = await hashFile(received.path);
    stored.push(fileObjectKey(fileId, "original"));
    await storage.put(fileObjectKey(fileId, "original"), received.path, { contentType: identity.contentType, size: received.size });
    return {
      id: fileId,
      snapId,
      name: received.name,
      contentType: identity.contentType,
      size: received.size,
      width: null,
      height: null,
      renditions: false,
      displaySize: null,
      thumbSize: null,
      sha256,
      createdById: userId,
    };
  } catch (error) {
    if (stored.length > 0) await storage.delete(fileObjectKeys(fileId, true)).catch(() => {});
    throw error;
  } finally {
    await Promise.all(temporary.map((file) => unlink(file).catch(() => {})));
  }
}

async function insertFile(principal: Principal, workspaceId: string, quota: number, row: NewFileRow): Promise<FileView> {
  return runTransaction(async (tx) => {
    await assertRoomForFiles(tx, workspaceId, quota, row.size);
    const inserted = await tx.$queryRaw<FileRow[]>`
      INSERT INTO "File" (id, "objectId", "snapId", name, "contentType", size, width, height, renditions, "displaySize", "thumbSize", sha256, "createdById")
      SELECT ${row.id}, ${row.id}, s.id, ${row.name}, ${row.contentType}, ${row.size}, ${row.width}, ${row.height}, ${row.renditions}, ${row.displaySize}, ${row.thumbSize},
        ${row.sha256}, ${row.createdById}
      FROM "Snap" s WHERE s.id = ${row.snapId}
      RETURNING id, "snapId", name, "contentType", size, width, height, renditions, "createdAt", "createdById"`;
    const [file] = inserted;
    if (!file) throw new ApiError("NOT_FOUND", "Snap not found");
    const view = toFileView(file);
    await recordFeedEvents(tx, actorOf(principal), [fileCreatedEvent(view)]);
    return view;
  });
}
