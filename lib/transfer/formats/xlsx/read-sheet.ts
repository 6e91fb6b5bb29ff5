import "server-only";
import type yauzl from "yauzl";
import { ApiError } from "@/lib/errors/api-error";
import { FORMAT_LIMITS } from "../format-limits";
import { unescapeXlsxText } from "./escaped-text";
import { parseCellRef } from "./xlsx-units";
import { attribute, readXml } from "./xml-reader";

/** A cell as the sheet's XML has it: its value not yet shown (a shared string's index, a number). */
export interface RawCell {
  row: number;
  col: number;
  /** `t`: s (shared string), str (a formula's text), inlineStr, b, e, d, n (default). */
  type: string;
  value: string;
  style: number;
}

export interface RawSheet {
  cells: RawCell[];
  /** Cells with no value but a style (a fill may make them a card), kept apart and dropped first when the cards' limit is near. */
  styledEmpty: RawCell[];
  merges: { row: number; col: number; rows: number; cols: number }[];
  hyperlinks: { row: number; col: number; relationId?: string; location?: string }[];
  /** Column widths in characters, row heights in points, by 0-based index within the board's grid. */
  colWidths: Map<number, number>;
  rowHeights: Map<number, number>;
  defaultColWidth: number | null;
  defaultRowHeight: number | null;
}

const tooLarge = (message: string, path: string) => new ApiError("PAYLOAD_TOO_LARGE", message, [{ path, message }]);
const MAX_MERGES = 100_000;
const MAX_LINKS = 100_000;
/** `<col>` ranges read (Excel writes one per run of equal columns: a few dozen); later ones are ignored. */
const MAX_COLUMN_RANGES = 2_000;

/**
 * A worksheet's cells, merged ranges, hyperlinks and track sizes, read as its XML unpacks: a cell
 * with a value past the board's grid or past its card limit stops the read with a 413 naming it,
 * so a sheet of a million rows costs no more than its first cells past the bound. A formula is
 * never kept nor run: only its cached value (`<v>`), the text Excel last showed, is.
 */
export async function readSheet(zip: yauzl.ZipFile, entry: yauzl.Entry, stylesWithFill: (style: number) => boolean): Promise<RawSheet> {
  const sheet: RawSheet = {
    cells: [],
    styledEmpty: [],
    merges: [],
    hyperlinks: [],
    colWidths: new Map(),
    rowHeights: new Map(),
    defaultColWidth: null,
    defaultRowHeight: null,
  };
  let row = -1;
  let col = -1;
  let cell: RawCell | null = null;
  let collecting: "v" | "t" | null = null;
  let inPhonetic = false;
  let text = "";
  let columnRanges = 0;
  const number = (value: string | undefined) => (value !== undefined && Number.isFinite(Number(value)) ? Number(value) : null);
  await readXml(zip, entry, FORMAT_LIMITS.xlsxPartBytes, {
    open(name, attributes) {
      switch (name) {
        case "sheetFormatPr":
          sheet.defaultRowHeight = number(attributes.defaultRowHeight);
          // Without its own default width, a column shows baseColWidth characters: 8.43 wide (64 px) for the default 8.
          sheet.defaultColWidth = number(attributes.defaultColWidth) ?? (number(attributes.baseColWidth) ?? 8) + 0.43;
          return;
        case "col": {
          const width = number(attributes.width);
          const from = Math.max(1, number(attributes.min) ?? 1);
          const to = Math.min(number(attributes.max) ?? from, FORMAT_LIMITS.gridIndex + 1);
          columnRanges += 1;
          if (width !== null && attributes.hidden !== "1" && columnRanges <= MAX_COLUMN_RANGES) {
            for (let index = from; index <= to; index += 1) sheet.colWidths.set(index - 1, width);
          }
          return;
        }
        case "row": {
          row = (number(attributes.r) ?? row + 2) - 1;
          col = -1;
          const height = number(attributes.ht);
          if (height !== null && attributes.customHeight === "1" && row <= FORMAT_LIMITS.gridIndex) sheet.rowHeights.set(row, height);
          return;
        }
        case "c": {
          const place = attributes.r ? parseCellRef(attributes.r) : [row, col + 1];
          if (!place)
            throw new ApiError("BAD_REQUEST", `A cell's reference "${attributes.r!.slice(0, 20)}" is not a cell`, [
              { path: attributes.r!.slice(0, 20), message: "Not a cell reference" },
            ]);
          [row, col] = place as [number, number];
          cell = { row, col, type: attributes.t ?? "n", value: "", style: number(attributes.s) ?? 0 };
          return;
        }
        case "v":
          if (cell) [collecting, text] = ["v", ""];
          return;
        case "rPh":
          inPhonetic = true;
          return;
        case "t":
          if (cell && !inPhonetic) [collecting, text] = ["t", ""];
          return;
        case "mergeCell":
          if (sheet.merges.length < MAX_MERGES) {
            const [from, to] = (attributes.ref ?? "").split(":").map(parseCellRef);
            if (from && to) sheet.merges.push({ row: from[0], col: from[1], rows: to[0] - from[0] + 1, cols: to[1] - from[1] + 1 });
          }
          return;
        case "hyperlink": {
          const place = parseCellRef((attributes.ref ?? "").split(":")[0] ?? "");
          if (place && sheet.hyperlinks.length < MAX_LINKS)
            sheet.hyperlinks.push({ row: place[0], col: place[1], relationId: attribute(attributes, "id"), location: attributes.location });
          return;
        }
      }
    },
    text(piece) {
      if (!collecting) return;
      text += piece;
      if (text.length > FORMAT_LIMITS.cellText * 2) text = text.slice(0, FORMAT_LIMITS.cellText + 1);
    },
    close(name) {
      if (name === "rPh") inPhonetic = false;
      else if ((name === "v" || name === "t") && collecting && cell) {
        cell.value += collecting === "t" ? unescapeXlsxText(text) : text;
        text = "";
        collecting = null;
      } else if (name === "c" && cell) {
        keep(sheet, cell, stylesWithFill);
        cell = null;
      }
    },
  });
  return sheet;
}

function keep(sheet: RawSheet, cell: RawCell, stylesWithFill: (style: number) => boolean): void {
  const where = `${cell.row + 1}:${cell.col + 1}`;
  if (cell.value === "") {
    if (
      cell.row <= FORMAT_LIMITS.gridIndex &&
      cell.col <= FORMAT_LIMITS.gridIndex &&
      stylesWithFill(cell.style) &&
      sheet.styledEmpty.length < FORMAT_LIMITS.cards
    ) {
      sheet.styledEmpty.push(cell);
    }
    return;
  }
  const path = `row ${where.split(":")[0]}, column ${where.split(":")[1]}`;
  if (cell.row > FORMAT_LIMITS.gridIndex)
    throw tooLarge(`A board has at most ${FORMAT_LIMITS.gridIndex + 1} rows; this sheet has a value in row ${cell.row + 1}`, path);
  if (cell.col > FORMAT_LIMITS.gridIndex)
    throw tooLarge(`A board has at most ${FORMAT_LIMITS.gridIndex + 1} columns; this sheet has a value in column ${cell.col + 1}`, path);
  if (sheet.cells.length >= FORMAT_LIMITS.cards)
    throw tooLarge(`A board has at most ${FORMAT_LIMITS.cards.toLocaleString("en")} cards; this sheet has more non-empty cells`, path);
  sheet.cells.push(cell);
}

/**
 * The shared strings the sheet's cells name, and only those (a workbook's table may hold every
 * sheet's strings): each `<si>`'s text runs joined (rich text keeps its text; phonetic runs are
 * left out), cut at a card's text bound.
 */
export async function readSharedStrings(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, wanted: ReadonlySet<number>): Promise<Map<number, string>> {
  const strings = new Map<number, string>();
  if (!entry || wanted.size === 0) return strings;
  let index = -1;
  let inPhonetic = false;
  let inText = false;
  let text = "";
  await readXml(zip, entry, FORMAT_LIMITS.xlsxPartBytes, {
    open(name) {
      if (name === "si") [index, text] = [index + 1, ""];
      else if (name === "rPh") inPhonetic = true;
      else if (name === "t" && !inPhonetic) inText = true;
    },
    text(piece) {
      if (inText && wanted.has(index) && text.length <= FORMAT_LIMITS.cellText) text += piece;
    },
    close(name) {
      if (name === "rPh") inPhonetic = false;
      else if (name === "t") inText = false;
      else if (name === "si" && wanted.has(index)) strings.set(index, unescapeXlsxText(text));
    },
  });
  return strings;
}
