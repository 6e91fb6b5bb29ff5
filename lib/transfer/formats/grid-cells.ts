import type { z } from "zod";
import { MAX_SNAP_TITLE_LENGTH } from "@/lib/snaps/snap-constants";
import { parseSnapDocument } from "../parse-snap-document";
import { SNAP_DOCUMENT_FORMAT, SNAP_DOCUMENT_VERSION, type documentCardSchema, type SnapDocument } from "../transfer-schemas";

/** A card as a foreign format gives it: its place and text, and whichever look the format carries. */
export type GridCell = Omit<Partial<z.input<typeof documentCardSchema>>, "key"> & { row: number; col: number; title: string };

export interface GridBoard {
  title: string;
  cells: GridCell[];
  rowHeights?: Record<string, number>;
  colWidths?: Record<string, number>;
}

/**
 * A foreign board (a CSV, a Trello board, a sheet) as an export document, held by
 * parseSnapDocument to every bound of the API like any other import: cards keyed
 * c1, c2, … in reading order, the grid as large as the cards and sized tracks reach.
 */
export function gridDocument({ title, cells, rowHeights = {}, colWidths = {} }: GridBoard): SnapDocument {
  const ordered = [...cells].sort((a, b) => a.row - b.row || a.col - b.col);
  let rows = 1;
  let cols = 1;
  for (const cell of ordered) {
    rows = Math.max(rows, cell.row + (cell.rowSpan ?? 1));
    cols = Math.max(cols, cell.col + (cell.colSpan ?? 1));
  }
  for (const key of Object.keys(rowHeights)) rows = Math.max(rows, Number(key) + 1);
  for (const key of Object.keys(colWidths)) cols = Math.max(cols, Number(key) + 1);
  return parseSnapDocument({
    format: SNAP_DOCUMENT_FORMAT,
    formatVersion: SNAP_DOCUMENT_VERSION,
    snap: { title: documentTitle(title), rows, cols, rowHeights, colWidths },
    cards: ordered.map((cell, index) => ({ key: `c${index + 1}`, ...cell })),
    lines: [],
  });
}

/** A title a snap takes (one line, within the title's bound), from a file or board name. */
export function documentTitle(name: string): string {
  const title = name.replace(/\s+/g, " ").trim().slice(0, MAX_SNAP_TITLE_LENGTH).trim();
  return title || "Imported board";
}
