import type { Principal } from "@/lib/request/principal";
import type { SnapDetail } from "@/lib/board-model/find-snap-detail";
import { getSnapOrThrow } from "@/lib/snaps/get-snap-or-throw";
import { toSnapDocument } from "./to-snap-document";
import type { SnapDocument } from "./transfer-schemas";

/** GET /api/snaps/:id/export: read access; the snap as its document, and the snap for file names and pictures. */
export async function exportSnap(principal: Principal, snapId: string): Promise<{ snap: SnapDetail; document: SnapDocument }> {
  const snap = await getSnapOrThrow(principal, snapId);
  return { snap, document: toSnapDocument(snap) };
}
