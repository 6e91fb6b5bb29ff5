import type { Principal } from "@/lib/request/principal";
import type { SnapDetail } from "@/lib/board-model/find-snap-detail";
import { assertDocumentWithinBudget } from "../document-content-bytes";
import { importSnap, type ImportedComment } from "../import-snap";
import { summarizeSnapDocument } from "../summarize-snap-document";
import type { SnapDocument } from "../transfer-schemas";
import { PREVIEW_COLS, PREVIEW_ROWS, type FormatImportDryRun } from "./format-schemas";

/**
 * A board read from another format (CSV, a workbook, a Trello export), as a new snap, or with
 * dryRun what it would make: its size, title and first cells (the Import dialog's preview).
 */
export async function importOrCheckBoard(
  principal: Principal,
  document: SnapDocument,
  { dryRun }: { dryRun: boolean },
  comments: readonly ImportedComment[] = [],
): Promise<{ snap: SnapDetail } | FormatImportDryRun> {
  assertDocumentWithinBudget(document);
  if (dryRun) return { valid: true, summary: { ...summarizeSnapDocument(document), title: document.snap.title, preview: previewOf(document) } };
  return { snap: await importSnap(principal, document, [], comments) };
}

function previewOf({ cards }: SnapDocument): string[][] {
  const rows = Array.from({ length: PREVIEW_ROWS }, () => Array.from({ length: PREVIEW_COLS }, () => ""));
  for (const card of cards) {
    const row = rows[card.row];
    if (row && card.col < PREVIEW_COLS && row[card.col] === "") row[card.col] = card.title.replace(/\s+/g, " ").slice(0, 80);
  }
  // Trailing empty rows and columns are left out: a 2 × 3 CSV previews as 2 × 3.
  const used = rows.filter((row) => row.some(Boolean));
  const lastRow = rows.findLastIndex((row) => row.some(Boolean));
  const lastCol = Math.max(-1, ...rows.map((row) => row.findLastIndex(Boolean)));
  return used.length === 0 ? [] : rows.slice(0, lastRow + 1).map((row) => row.slice(0, lastCol + 1));
}
