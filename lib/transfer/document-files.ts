import "server-only";
import { db } from "@/lib/db/client";
import { referencedFileIds, type SnapFileRow } from "./file-references";
import type { SnapDocument } from "./transfer-schemas";

/**
 * The files of `snapId` that the document's cards name, oldest first: only the snap's own (the
 * caller's read access to the snap is already checked), never another snap's file a title names.
 */
export async function findDocumentFiles(snapId: string, document: Pick<SnapDocument, "cards">): Promise<SnapFileRow[]> {
  const ids = referencedFileIds(document);
  if (ids.length === 0) return [];
  return db.file.findMany({
    where: { snapId, id: { in: ids } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      objectId: true,
      name: true,
      contentType: true,
      size: true,
      width: true,
      height: true,
      renditions: true,
      displaySize: true,
      thumbSize: true,
    },
  });
}
