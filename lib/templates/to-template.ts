import type { SnapDocument } from "@/lib/transfer/transfer-schemas";
import type { Template } from "./template-schemas";

const PREVIEW_CELLS = 24;

/** A template as listed: its grid and first cards, enough to draw a preview without the document. */
export function toTemplate(id: string, name: string, description: string, source: Template["source"], document: SnapDocument): Template {
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
  return { id, name, description, source, rows: document.snap.rows, cols: document.snap.cols, previewCells };
}
