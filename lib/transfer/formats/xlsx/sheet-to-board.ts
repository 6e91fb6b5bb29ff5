import { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT } from "@/lib/board-look/grid-geometry";
import { MAX_CARD_SPAN } from "@/lib/board-model/card-constants";
import { FORMAT_LIMITS } from "../format-limits";
import type { GridBoard, GridCell } from "../grid-cells";
import { displayValue } from "./display-value";
import type { RawCell, RawSheet } from "./read-sheet";
import { DEFAULT_STYLE, type CellStyle } from "./xlsx-styles";
import { columnPixels, fontSizeClass, rowPixels } from "./xlsx-units";

/** A to-do's state as a cell shows it (the export writes these; docs/EXPORT-IMPORT.md, "Workbooks"). */
export const TODO_DONE = "☑ ";
export const TODO_OPEN = "☐ ";

const HORIZONTAL: Record<string, GridCell["textAlign"]> = {
  left: "left",
  center: "center",
  centerContinuous: "center",
  right: "right",
  justify: "left",
  fill: "left",
  distributed: "center",
};
const VERTICAL: Record<string, GridCell["verticalAlign"]> = { top: "top", center: "middle", bottom: "bottom", justify: "top", distributed: "middle" };

export interface SheetContext {
  styles: readonly CellStyle[];
  date1904: boolean;
  sharedString: (index: number) => string | undefined;
  /** A hyperlink's relationship id → its URL (external targets only). */
  linkTarget: (relationId: string) => string | undefined;
}

/**
 * A read sheet as a board (docs/EXPORT-IMPORT.md, "Workbooks"): a card per cell with a displayed
 * value, at its row and column; a merged range one card spanning it (its top-left cell's value
 * and look); a solid fill its colour; bold, italic, underline, size and alignment its text's look;
 * a web hyperlink makes it a link card (the URL its title, the cell's text its note); `☑ ` / `☐ `
 * at the start a to-do. Empty cells with a fill become cards too, while the card limit leaves room.
 * Column widths and row heights are the sheet's, in pixels, where they differ from the board's
 * defaults.
 */
export function sheetToBoard(title: string, sheet: RawSheet, context: SheetContext): GridBoard {
  const merges = new Map<string, { rows: number; cols: number }>();
  const covered = new Set<string>();
  // Hidden cells marked at most once per cell of the board's grid: overlapping merges cannot cost more.
  let coverBudget = (FORMAT_LIMITS.gridIndex + 1) ** 2;
  for (const merge of sheet.merges) {
    if (merge.row > FORMAT_LIMITS.gridIndex || merge.col > FORMAT_LIMITS.gridIndex || merge.rows < 1 || merge.cols < 1) continue;
    const rows = Math.min(merge.rows, MAX_CARD_SPAN);
    const cols = Math.min(merge.cols, MAX_CARD_SPAN);
    merges.set(`${merge.row}:${merge.col}`, { rows, cols });
    // Only the top-left cell of a range shows; the others' values (Excel keeps them) are hidden.
    for (let row = merge.row; row < merge.row + rows && coverBudget > 0; row += 1) {
      for (let col = merge.col; col < merge.col + cols && coverBudget > 0; col += 1) {
        if (row !== merge.row || col !== merge.col) covered.add(`${row}:${col}`);
        coverBudget -= 1;
      }
    }
  }
  const links = new Map<string, string>();
  for (const link of sheet.hyperlinks) {
    const url = link.relationId ? context.linkTarget(link.relationId) : undefined;
    if (url && /^(https?|mailto):/i.test(url)) links.set(`${link.row}:${link.col}`, url);
  }
  const cells: GridCell[] = [];
  const taken = new Set<string>();
  const add = (raw: RawCell, text: string) => {
    const place = `${raw.row}:${raw.col}`;
    if (covered.has(place) || taken.has(place)) return;
    taken.add(place);
    const style = context.styles[raw.style] ?? DEFAULT_STYLE;
    const span = merges.get(place);
    const numeric = raw.type === "n" && text !== "";
    const card: GridCell = {
      row: raw.row,
      col: raw.col,
      title: text,
      ...(span ? { rowSpan: span.rows, colSpan: span.cols } : {}),
      color: style.fill ?? "",
      bold: style.bold,
      italic: style.italic,
      underline: style.underline,
      fontSize: style.fontPoints ? fontSizeClass(style.fontPoints) : "text-sm",
      // A spreadsheet's defaults: text left, numbers right (General), everything at the bottom.
      textAlign: HORIZONTAL[style.horizontal ?? ""] ?? (numeric ? "right" : "left"),
      verticalAlign: VERTICAL[style.vertical ?? ""] ?? "bottom",
    };
    const url = links.get(place);
    if (url) Object.assign(card, { cellType: "link", title: url.slice(0, FORMAT_LIMITS.cellText), note: text === url ? "" : text });
    else if (text.startsWith(TODO_DONE) || text.startsWith(TODO_OPEN))
      Object.assign(card, { cellType: "todo", completed: text.startsWith(TODO_DONE), title: text.slice(2) });
    cells.push(card);
  };
  for (const raw of sheet.cells) {
    const text = displayValue(raw.type, raw.value, (context.styles[raw.style] ?? DEFAULT_STYLE).numFmt, context.date1904, context.sharedString);
    add(raw, text.length > FORMAT_LIMITS.cellText ? `${text.slice(0, FORMAT_LIMITS.cellText - 1)}…` : text);
  }
  // Filled empty cells, while there is room under the card limit (text cells come first).
  for (const raw of sheet.styledEmpty) {
    if (cells.length >= FORMAT_LIMITS.cards) break;
    add(raw, "");
  }
  return { title, cells, ...trackSizes(sheet, cells) };
}

/**
 * The sheet's column widths and row heights over the board's grid (as far as its cards reach), in
 * pixels: the sheet's own sizes where it sets them, else its defaults; sizes equal to the board's
 * own defaults are left out, so a board exported and imported again keeps an empty size map.
 */
function trackSizes(sheet: RawSheet, cells: readonly GridCell[]): { rowHeights: Record<string, number>; colWidths: Record<string, number> } {
  let rows = 0;
  let cols = 0;
  for (const cell of cells) {
    rows = Math.max(rows, cell.row + (cell.rowSpan ?? 1));
    cols = Math.max(cols, cell.col + (cell.colSpan ?? 1));
  }
  const sizes = (count: number, own: Map<number, number>, fallback: number | null, toPixels: (value: number) => number, boardDefault: number) => {
    const map: Record<string, number> = {};
    for (let index = 0; index < Math.min(count, FORMAT_LIMITS.gridIndex + 1); index += 1) {
      const value = own.get(index) ?? fallback;
      if (value === null) continue;
      const pixels = Math.min(2000, Math.max(0, toPixels(value)));
      if (pixels !== boardDefault) map[String(index)] = pixels;
    }
    return map;
  };
  return {
    rowHeights: sizes(rows, sheet.rowHeights, sheet.defaultRowHeight ?? 15, rowPixels, DEFAULT_ROW_HEIGHT),
    colWidths: sizes(cols, sheet.colWidths, sheet.defaultColWidth ?? 8.43, columnPixels, DEFAULT_COL_WIDTH),
  };
}
