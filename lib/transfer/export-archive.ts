import "server-only";
import type { Readable } from "node:stream";
import yazl from "yazl";
import { fileObjectKey } from "@/lib/files/file-storage";
import { fileStorage } from "@/lib/files/file-storage-from-config";
import { PROCESSED_IMAGE_TYPES } from "@/lib/files/identify-file";
import { archiveFilePath, withFileList, type SnapFileRow } from "./file-references";
import { fileSlug } from "./export-file";
import { formatSnapDocument } from "./format-snap-document";
import { ARCHIVE_DOCUMENT_PATH, type SnapDocument } from "./transfer-schemas";

/**
 * GET /api/snaps/:id/export?format=zip: a `.snap.zip` holding the export document as `snap.json`
 * (its `files` naming each file's entry) and each uploaded file its cards show as `files/<id>`,
 * the stored original's bytes (docs/EXPORT-IMPORT.md, "Files"). Streamed: one file is read from
 * the storage at a time, as the client takes the bytes, so memory stays flat whatever the files
 * weigh. Images are stored as they are (already compressed), other files deflated. A file whose
 * bytes cannot be read ends the download with an error, never with a partial archive that looks whole.
 */
export function exportArchive(document: SnapDocument, files: readonly SnapFileRow[]): { stream: Readable; filename: string; contentType: string } {
  const zip = new yazl.ZipFile();
  const mtime = new Date(document.exportedAt ?? Date.now());
  const output = zip.outputStream as Readable;
  // The file being read when the client goes away (or the archive fails) is let go, not left open.
  let reading: Readable | undefined;
  output.once("close", () => reading?.destroy());
  zip.on("error", (error: Error) => output.destroy(error));
  zip.addBuffer(Buffer.from(formatSnapDocument(withFileList(document, files, true))), ARCHIVE_DOCUMENT_PATH, { mtime });
  for (const file of files) {
    const compressed = (PROCESSED_IMAGE_TYPES as readonly string[]).includes(file.contentType);
    zip.addReadStreamLazy(archiveFilePath(file.id), { size: file.size, mtime, compress: !compressed }, (callback) => {
      fileStorage()
        .get(fileObjectKey(file.objectId, "original"))
        .then((stream) => {
          if (!stream) throw new Error(`file ${file.id}: its bytes are missing from the storage`);
          reading = stream;
          stream.on("error", (error) => zip.emit("error", error));
          callback(null, stream);
        })
        .catch((error: Error) => callback(error, undefined as never));
    });
  }
  zip.end();
  return { stream: output, filename: `${fileSlug(document.snap.title)}.snap.zip`, contentType: "application/zip" };
}
