import type { Principal } from "@/lib/request/principal";
import type { SnapDetail } from "@/lib/board-model/find-snap-detail";
import { assertDocumentWithinBudget } from "./document-content-bytes";
import { importSnap } from "./import-snap";
import { summarizeSnapDocument } from "./summarize-snap-document";
import type { ImportSummary, SnapDocument } from "./transfer-schemas";

export type ImportOrCheckResult = { snap: SnapDetail } | { valid: true; summary: ImportSummary };

/** POST /api/snaps/import and import_snap: the document as a new snap, or with dryRun only its summary. */
export async function importOrCheckSnap(principal: Principal, document: SnapDocument, { dryRun }: { dryRun: boolean }): Promise<ImportOrCheckResult> {
  assertDocumentWithinBudget(document);
  if (dryRun) return { valid: true, summary: summarizeSnapDocument(document) };
  return { snap: await importSnap(principal, document) };
}
