import type { Principal } from "@/lib/auth/principal";
import type { SnapDetail } from "@/lib/snaps/find-snap-detail";
import { getSnapOrThrow } from "@/lib/snaps/get-snap-or-throw";
import { importSnap } from "./import-snap";
import { toSnapDocument } from "./to-snap-document";
import type { DuplicateSnap } from "./transfer-schemas";

const MAX_TITLE = 200;

/**
 * POST /api/snaps/:id/duplicate: read access to the source; the copy is a new private snap of the
 * caller, in the caller's workspace, made as an import of the source's export document.
 */
export async function duplicateSnap(principal: Principal, snapId: string, input: DuplicateSnap): Promise<SnapDetail> {
  const source = await getSnapOrThrow(principal, snapId);
  const document = toSnapDocument(source);
  document.snap.title = input.title ?? `Copy of ${source.title}`.slice(0, MAX_TITLE).trim();
  return importSnap(principal, document);
}
