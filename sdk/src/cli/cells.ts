/**
 * Cell addresses on the command line, 1-based as spreadsheets write them: `R1C1` (row 1, column 1)
 * or `A1` (column A, row 1); sizes as ROWSxCOLS (`10x5`: ten rows, five columns). The API counts
 * rows and columns from 0.
 */

export interface Cell {
  row: number;
  col: number;
}

/** A 0-based cell from `R3C2` or `B3`; undefined when it is neither. */
export function parseCell(text: string): Cell | undefined {
  const r1c1 = /^R(\d+)C(\d+)$/i.exec(text.trim());
  if (r1c1) return positive(Number(r1c1[1]), Number(r1c1[2]));
  const a1 = /^([A-Z]+)(\d+)$/i.exec(text.trim());
  if (!a1) return undefined;
  let col = 0;
  for (const letter of a1[1]!.toUpperCase()) col = col * 26 + (letter.charCodeAt(0) - 64);
  return positive(Number(a1[2]), col);
}

function positive(row: number, col: number): Cell | undefined {
  return row >= 1 && col >= 1 && Number.isSafeInteger(row) && Number.isSafeInteger(col) ? { row: row - 1, col: col - 1 } : undefined;
}

/** `{ rows, cols }` from `10x5`; undefined otherwise. */
export function parseSize(text: string): { rows: number; cols: number } | undefined {
  const match = /^(\d+)x(\d+)$/i.exec(text.trim());
  if (!match) return undefined;
  const rows = Number(match[1]);
  const cols = Number(match[2]);
  return rows >= 1 && cols >= 1 ? { rows, cols } : undefined;
}
