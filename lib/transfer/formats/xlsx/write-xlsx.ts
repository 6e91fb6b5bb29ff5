import "server-only";
import { Readable } from "node:stream";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import yazl from "yazl";
import { DEFAULT_COL_WIDTH, DEFAULT_ROW_HEIGHT, gridSize } from "@/lib/board-look/grid-geometry";
import { fileSlug } from "../../export-file";
import type { DocumentCard, SnapDocument } from "../../transfer-schemas";
import { escapeXlsxText } from "./escaped-text";
import { TODO_DONE, TODO_OPEN } from "./sheet-to-board";
import { cellRef, columnCharacters, FONT_POINTS, rowPoints } from "./xlsx-units";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** The sheet's XML is made in pieces of about this many characters: the stream asks for the next one when the client took the last. */
const PIECE_CHARS = 64 * 1024;
/** Cards placed between two turns of the event loop. */
const CARDS_PER_TURN = 1_000;
const VERTICAL = { top: "top", middle: "center", bottom: "bottom" } as const;

/** Text as XML 1.0 holds it: escaped, and without the control characters it cannot hold at all. */
const xml = (text: string) =>
  text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** A sheet's name: at most 31 characters, none of []:*?/\, not empty. */
const sheetName = (title: string) =>
  title
    .replace(/[[\]:*?/\\']/g, " ")
    .trim()
    .slice(0, 31)
    .trim() || "Board";

interface Placed {
  card: DocumentCard;
  text: string;
  style: number;
  link: string | null;
  rowSpan: number;
  colSpan: number;
}

/**
 * GET /api/snaps/:id/export?format=xlsx: the board as one sheet named after it (docs/EXPORT-IMPORT.md,
 * "Workbooks"), the mapping POST /api/snaps/import/xlsx reads back: each card's text in the cell
 * where it starts, its span a merged range, its colour a solid fill, its bold, italic, underline,
 * size and alignment the cell's font and alignment (always wrapped, as a card wraps), a to-do's
 * state as ☑ / ☐ before its text, a link card's URL a hyperlink, the board's column widths and
 * row heights the sheet's. Texts are strings, never formulas; one starting with = + - @ is also
 * marked "quote prefix", so that editing it in Excel keeps it text. Where cards overlap, the first
 * in reading order takes the cell (a sheet's cells and merges cannot overlap). Written by hand
 * with yazl (deflated, streamed): cards are placed a thousand at a time between turns of the event
 * loop, and the sheet's XML is made 64 KB at a time as the client reads, so a 10,000-card board
 * never holds the event loop for long (bench/board-formats.ts times /api/health meanwhile).
 */
export async function exportXlsx(document: SnapDocument): Promise<{ stream: Readable; filename: string; contentType: string }> {
  const { rows, cols } = gridSize(document.cards, document.snap.rowHeights, document.snap.colWidths);
  const styles = new StyleTable();
  const byRow = new Map<number, Placed[]>();
  const taken = new Uint8Array(rows * cols);
  const links: { ref: string; url: string }[] = [];
  for (const [index, card] of document.cards.entries()) {
    if (index % CARDS_PER_TURN === CARDS_PER_TURN - 1) await yieldToEventLoop();
    if (taken[card.row * cols + card.col]) continue;
    const free = regionFree(taken, cols, card);
    const rowSpan = free ? card.rowSpan : 1;
    const colSpan = free ? card.colSpan : 1;
    for (let row = card.row; row < card.row + rowSpan; row += 1) taken.fill(1, row * cols + card.col, row * cols + card.col + colSpan);
    const link = card.cellType === "link" && /^(https?|mailto):/i.test(card.title) ? card.title : null;
    const text = card.cellType === "todo" ? (card.completed ? TODO_DONE : TODO_OPEN) + card.title : link ? card.note || card.title : card.title;
    if (!text && !card.color) continue;
    if (link) links.push({ ref: cellRef(card.row, card.col), url: link });
    const placed = { card, text, style: styles.of(card, /^[=+\-@]/.test(text)), link, rowSpan, colSpan };
    const inRow = byRow.get(card.row);
    if (inRow) inRow.push(placed);
    else byRow.set(card.row, [placed]);
  }
  const zip = new yazl.ZipFile();
  const mtime = new Date(document.exportedAt ?? Date.now());
  const add = (name: string, text: string) => zip.addBuffer(Buffer.from(text), name, { mtime });
  add(
    "[Content_Types].xml",
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
  );
  add(
    "_rels/.rels",
    `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
  );
  add(
    "docProps/core.xml",
    `${HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${xml(document.snap.title)}</dc:title><dc:creator>Snap Board</dc:creator></cp:coreProperties>`,
  );
  add(
    "xl/workbook.xml",
    `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews><sheets><sheet name="${xml(sheetName(document.snap.title))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  add(
    "xl/_rels/workbook.xml.rels",
    `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  );
  if (links.length > 0) {
    add(
      "xl/worksheets/_rels/sheet1.xml.rels",
      `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${links
        .map((link, index) => `<Relationship Id="rId${index + 1}" Type="${REL}/hyperlink" Target="${xml(link.url)}" TargetMode="External"/>`)
        .join("")}</Relationships>`,
    );
  }
  zip.addReadStream(Readable.from(sheetPieces(document, rows, cols, byRow, links)), "xl/worksheets/sheet1.xml", { mtime });
  add("xl/styles.xml", styles.xml());
  zip.end();
  return {
    stream: zip.outputStream as Readable,
    filename: `${fileSlug(document.snap.title)}.xlsx`,
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  };
}

function regionFree(taken: Uint8Array, cols: number, card: DocumentCard): boolean {
  for (let row = card.row; row < card.row + card.rowSpan; row += 1) {
    for (let col = card.col; col < card.col + card.colSpan; col += 1) if (taken[row * cols + col]) return false;
  }
  return true;
}

function* sheetPieces(document: SnapDocument, rows: number, cols: number, byRow: Map<number, Placed[]>, links: { ref: string }[]): Generator<string> {
  const { rowHeights, colWidths } = document.snap;
  const width = (col: number) => columnCharacters(colWidths[String(col)] ?? DEFAULT_COL_WIDTH).toFixed(4);
  let head = `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetFormatPr defaultRowHeight="${rowPoints(DEFAULT_ROW_HEIGHT)}" customHeight="1"/>`;
  if (cols > 0) {
    head += "<cols>";
    for (let col = 0; col < cols; col += 1) head += `<col min="${col + 1}" max="${col + 1}" width="${width(col)}" customWidth="1"/>`;
    head += "</cols>";
  }
  yield `${head}<sheetData>`;
  const merges: string[] = [];
  let piece = "";
  for (let row = 0; row < rows; row += 1) {
    piece += `<row r="${row + 1}" ht="${rowPoints(rowHeights[String(row)] ?? DEFAULT_ROW_HEIGHT)}" customHeight="1">`;
    for (const placed of (byRow.get(row) ?? []).sort((a, b) => a.card.col - b.card.col)) {
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = "";
      }
      const ref = cellRef(row, placed.card.col);
      if (placed.rowSpan > 1 || placed.colSpan > 1) merges.push(`${ref}:${cellRef(row + placed.rowSpan - 1, placed.card.col + placed.colSpan - 1)}`);
      piece += placed.text
        ? `<c r="${ref}" s="${placed.style}" t="inlineStr"><is><t xml:space="preserve">${xml(escapeXlsxText(placed.text))}</t></is></c>`
        : `<c r="${ref}" s="${placed.style}"/>`;
    }
    piece += "</row>";
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = "";
    }
  }
  let tail = `${piece}</sheetData>`;
  if (merges.length > 0) tail += `<mergeCells count="${merges.length}">${merges.map((ref) => `<mergeCell ref="${ref}"/>`).join("")}</mergeCells>`;
  if (links.length > 0) tail += `<hyperlinks>${links.map((link, index) => `<hyperlink ref="${link.ref}" r:id="rId${index + 1}"/>`).join("")}</hyperlinks>`;
  yield `${tail}</worksheet>`;
}

/** The workbook's fonts, fills and cell formats, each look once. */
class StyleTable {
  private fonts = new Map<string, number>([["0|0|0|11", 0]]);
  private fills = new Map<string, number>();
  private xfs = new Map<string, number>();
  /** Format 0 is what cells without one show: plain, as an empty cell must be. */
  private xfList: string[] = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'];

  of(card: DocumentCard, quote: boolean): number {
    const fontKey = `${+card.bold}|${+card.italic}|${+card.underline}|${FONT_POINTS[card.fontSize as keyof typeof FONT_POINTS] ?? 11}`;
    if (!this.fonts.has(fontKey)) this.fonts.set(fontKey, this.fonts.size);
    const fill = /^#[0-9a-f]{6}/i.test(card.color) ? card.color.slice(1, 7).toUpperCase() : "";
    // Fills 0 and 1 are the two every workbook has (none, gray125).
    if (fill && !this.fills.has(fill)) this.fills.set(fill, this.fills.size + 2);
    const fontId = this.fonts.get(fontKey)!;
    const fillId = fill ? this.fills.get(fill)! : 0;
    const key = `${fontId}|${fillId}|${card.textAlign}|${card.verticalAlign}|${+quote}`;
    let index = this.xfs.get(key);
    if (index === undefined) {
      index = this.xfList.length;
      this.xfs.set(key, index);
      this.xfList.push(
        `<xf numFmtId="0" fontId="${fontId}" fillId="${fillId}" borderId="0" xfId="0" applyFont="1"${fillId ? ' applyFill="1"' : ""} applyAlignment="1"${quote ? ' quotePrefix="1"' : ""}><alignment horizontal="${card.textAlign}" vertical="${VERTICAL[card.verticalAlign as keyof typeof VERTICAL] ?? "top"}" wrapText="1"/></xf>`,
      );
    }
    return index;
  }

  xml(): string {
    const fonts = [...this.fonts.keys()].map((key) => {
      const [bold, italic, underline, size] = key.split("|");
      return `<font>${bold === "1" ? "<b/>" : ""}${italic === "1" ? "<i/>" : ""}${underline === "1" ? "<u/>" : ""}<sz val="${size}"/><name val="Calibri"/><family val="2"/></font>`;
    });
    const fills = [...this.fills.keys()].map(
      (rgb) => `<fill><patternFill patternType="solid"><fgColor rgb="FF${rgb}"/><bgColor indexed="64"/></patternFill></fill>`,
    );
    const xfs = this.xfList;
    return `${HEAD}<styleSheet xmlns="${MAIN}"><fonts count="${fonts.length}">${fonts.join("")}</fonts><fills count="${fills.length + 2}"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>${fills.join("")}</fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${xfs.length}">${xfs.join("")}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
  }
}
