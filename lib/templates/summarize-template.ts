import type { SnapDocument } from "@/lib/transfer/transfer-schemas";
import type { TemplateSummary } from "./template-schemas";

const PREVIEW_CELLS = 24;

/**
 * What a template listing shows of a document: its grid and first cards, enough to draw a preview.
 * Stored beside the document at save time, so that a listing never reads documents.
 */
export function summarizeTemplate(document: SnapDocument): TemplateSummary {
  const previewCells = document.cards
    .filter((card) => card.title || card.color)
    .slice(0, PREVIEW_CELLS)
    .map((card) => ({
      position: { row: card.row, col: card.col },
      rowSpan: card.rowSpan,
      colSpan: card.colSpan,
      title: card.title.slice(0, 80),
      type: card.cellType,
      color: card.color,
    }));
  return { rows: document.snap.rows, cols: document.snap.cols, previewCells };
}
