import "server-only";
import { randomUUID } from "node:crypto";
import { unlink } from "node:fs/promises";
import path from "node:path";
import type yauzl from "yauzl";
import { config } from "@/lib/config";
import { createId } from "@/lib/db/create-id";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { cleanFileName } from "@/lib/files/clean-file-name";
import { fileObjectKeys } from "@/lib/files/file-storage";
import { fileStorage } from "@/lib/files/file-storage-from-config";
import { storeReceivedFile, type NewFileRow } from "@/lib/files/store-upload";
import type { ReceivedUpload } from "@/lib/files/receive-upload";
import { assertWithinQuota, workspaceFileBytes } from "@/lib/files/workspace-file-usage";
import type { Principal } from "@/lib/request/principal";
import { assertDocumentWithinBudget } from "./document-content-bytes";
import { remapFileIds } from "./file-references";
import { reportImportProgress } from "./import-jobs/import-job-scope";
import { importSnap } from "./import-snap";
import type { ImportOrCheckResult } from "./import-or-check-snap";
import { parseSnapDocument } from "./parse-snap-document";
import { summarizeSnapDocument } from "./summarize-snap-document";
import { ARCHIVE_LIMITS } from "./transfer-constants";
import { checkedEntries, extractEntry, openZip, readEntryText, tooLarge, zipError, type ArchiveEntry, type ZipRules } from "./checked-zip";
import { ARCHIVE_DOCUMENT_PATH, ARCHIVE_FILE_PATH, MAX_IMPORT_BYTES, type SnapDocument } from "./transfer-schemas";

const archiveError = zipError;

/** What a .snap.zip may hold: its document and its files, each within its limit. */
function archiveRules(maxFileBytes: number): ZipRules {
  return {
    what: ".snap.zip",
    maxEntries: ARCHIVE_LIMITS.entries,
    unpackedBytes: ARCHIVE_LIMITS.unpackedBytes,
    entryLimit: (name) => {
      if (name === "files/") return "skip";
      if (name === ARCHIVE_DOCUMENT_PATH) return MAX_IMPORT_BYTES;
      return ARCHIVE_FILE_PATH.test(name) ? maxFileBytes : null;
    },
    unexpected: `a .snap.zip holds ${ARCHIVE_DOCUMENT_PATH} and files/<id> only`,
  };
}

/**
 * POST /api/snaps/import/zip: a .snap.zip (GET /api/snaps/:id/export?format=zip) as a new private
 * snap of the caller with its files. The body is streamed to a temporary file (never held in
 * memory), its directory is checked against ARCHIVE_LIMITS before an entry is unpacked, and entry
 * names are matched against the two forms an archive holds (`snap.json`, `files/<id>`), so no name
 * is ever used as a path. Each file is stored as an upload is (identified from its bytes, an image
 * decoded and re-encoded; the archive's names and types are not trusted) under a new id, the cards
 * naming the old ids are remapped, and the snap, its cards, lines and files are written in one
 * transaction within the workspace's quota. With dryRun, everything is checked but no file is
 * stored and nothing is written. Anything refused leaves nothing behind.
 */
export async function importArchive(
  principal: Principal,
  receive: (dir: string, maxBytes: number) => Promise<ReceivedUpload>,
  { dryRun }: { dryRun: boolean },
): Promise<ImportOrCheckResult> {
  const settings = config();
  const storage = fileStorage();
  let received: ReceivedUpload;
  try {
    received = await receive(storage.incomingDir, ARCHIVE_LIMITS.bytes);
  } catch (error) {
    if (error instanceof ApiError && error.code === "PAYLOAD_TOO_LARGE")
      throw tooLarge(`A .snap.zip may have at most ${ARCHIVE_LIMITS.bytes.toLocaleString("en")} bytes`);
    throw error;
  }
  const stored: string[] = [];
  let zip: yauzl.ZipFile | undefined;
  try {
    zip = await openZip(received.path, ".snap.zip");
    const entries = await checkedEntries(zip, archiveRules(settings.FILE_MAX_BYTES));
    const documentEntry = entries.get(ARCHIVE_DOCUMENT_PATH);
    if (!documentEntry) throw archiveError(`The archive has no ${ARCHIVE_DOCUMENT_PATH}: is it a .snap.zip exported from a board?`);
    const document = parseSnapDocument(parseJson(await readEntryText(zip, documentEntry.entry, MAX_IMPORT_BYTES)));
    assertDocumentWithinBudget(document);
    const included = includedFiles(document, entries);
    const bytes = included.reduce((sum, file) => sum + file.entry.uncompressedSize, 0);
    const quota = settings.FILE_WORKSPACE_QUOTA_BYTES;
    if (quota > 0 && bytes > 0) assertWithinQuota(quota, await workspaceFileBytes(await workspaceOf(principal)), bytes);
    if (dryRun) return { valid: true, summary: { ...summarizeSnapDocument(document), files: included.length } };

    const rows: NewFileRow[] = [];
    const newIds = new Map<string, string>();
    const chargePixels = pixelBound(settings.IMPORT_MAX_IMAGE_PIXELS);
    reportImportProgress(0, included.length, { force: true });
    for (const file of included) {
      const fileId = createId();
      stored.push(fileId);
      const temporary = path.join(storage.incomingDir, randomUUID());
      try {
        const size = await extractEntry(zip, file.entry, temporary, settings.FILE_MAX_BYTES);
        rows.push(await storeReceivedFile({ path: temporary, name: cleanFileName(file.name), size }, fileId, "", principal.userId, chargePixels));
      } catch (error) {
        await unlink(temporary).catch(() => {});
        throw inEntry(error, file.entry.fileName);
      }
      newIds.set(file.id, fileId);
      reportImportProgress(newIds.size, included.length);
    }
    const imported: SnapDocument = { ...document, cards: remapFileIds(document.cards, newIds), files: undefined, filesNote: undefined };
    return { snap: await importSnap(principal, imported, rows) };
  } catch (error) {
    if (stored.length > 0) await storage.delete(stored.flatMap((id) => fileObjectKeys(id, true))).catch(() => {});
    throw error;
  } finally {
    zip?.close();
    await unlink(received.path).catch(() => {});
  }
}

/**
 * The decoded pixels of an archive's images, counted from each one's header before it is decoded:
 * past `maxPixels` in all, 413 (docs/EXPORT-IMPORT.md, "Bounds of an imported archive"). Each image
 * already has FILE_MAX_IMAGE_PIXELS; this bounds the CPU of one import as a whole.
 */
function pixelBound(maxPixels: number): (pixels: number) => void {
  let decoded = 0;
  return (pixels) => {
    decoded += pixels;
    if (decoded <= maxPixels) return;
    throw tooLarge(
      `The images of a .snap.zip may decode to at most ${maxPixels.toLocaleString("en")} pixels in all (IMPORT_MAX_IMAGE_PIXELS); this one's pass it`,
    );
  };
}

async function workspaceOf(principal: Principal): Promise<string> {
  const [membership] = await db.$queryRaw<{ workspaceId: string }[]>`SELECT "workspaceId" FROM "Membership" WHERE "userId" = ${principal.userId}`;
  if (!membership) throw new ApiError("FORBIDDEN", "You are not a member of any workspace");
  return membership.workspaceId;
}

/** The files the document lists with a path, each with its entry: every listed path present, every file entry listed. */
function includedFiles(document: SnapDocument, entries: Map<string, ArchiveEntry>): { id: string; name: string; entry: yauzl.Entry }[] {
  const files: { id: string; name: string; entry: yauzl.Entry }[] = [];
  const listed = new Set<string>();
  const ids = new Set<string>();
  (document.files ?? []).forEach((file, index) => {
    if (ids.has(file.id)) throw archiveError(`files[${index}].id: the file ${file.id} is listed twice`, `files[${index}].id`);
    ids.add(file.id);
    if (!file.path) return;
    const found = entries.get(file.path);
    if (!found || listed.has(file.path)) throw archiveError(`files[${index}].path: the archive has no entry ${file.path} for it`, `files[${index}].path`);
    listed.add(file.path);
    files.push({ id: file.id, name: file.name, entry: found.entry });
  });
  for (const name of entries.keys()) {
    if (name !== ARCHIVE_DOCUMENT_PATH && !listed.has(name)) throw archiveError(`The entry ${name} is not listed in ${ARCHIVE_DOCUMENT_PATH}'s files`, name);
  }
  return files;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw archiveError(`${ARCHIVE_DOCUMENT_PATH} is not valid JSON`, ARCHIVE_DOCUMENT_PATH);
  }
}

/** A refusal while storing an entry's file, naming the entry (an image that cannot be decoded, too many pixels). */
function inEntry(error: unknown, name: string): unknown {
  if (!(error instanceof ApiError) || error.details?.[0]?.path === name) return error;
  return new ApiError(error.code, `${name}: ${error.message}`, [{ path: name, message: error.details?.[0]?.message ?? error.message }], error.headers);
}
