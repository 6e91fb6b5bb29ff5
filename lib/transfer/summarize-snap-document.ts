import type { ImportSummary, SnapDocument } from "./transfer-schemas";

/** What an import of the document would make (the dry run's answer). */
export function summarizeSnapDocument({ snap, cards, lines }: SnapDocument): ImportSummary {
  return { rows: snap.rows, cols: snap.cols, cards: cards.length, lines: lines.length };
}
