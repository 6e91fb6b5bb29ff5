import type { Principal } from "@/lib/request/principal";
import type { SnapDetail } from "@/lib/board-model/find-snap-detail";
import { getSnapOrThrow } from "@/lib/snaps/get-snap-or-throw";
import { findDocumentFiles } from "./document-files";
import type { SnapFileRow } from "./file-references";
import { toSnapDocument } from "./to-snap-document";
import type { SnapDocument } from "./transfer-schemas";

/**
 * GET /api/snaps/:id/export: read access; the snap as its document, the snap for file names and
 * pictures, and the snap's uploaded files its cards show (for a .snap.zip, a picture's images, and
 * the JSON's list of what it leaves out).
 */
export async function exportSnap(principal: Principal, snapId: string): Promise<{ snap: SnapDetail; document: SnapDocument; files: SnapFileRow[] }> {
  const snap = await getSnapOrThrow(principal, snapId);
  const document = toSnapDocument(snap);
  return { snap, document, files: await findDocumentFiles(snap.id, document) };
}
