import type { SnapDocument } from "./transfer-schemas";

/** The card fields, in the order of the CSV's columns. */
export const CSV_COLUMNS = [
  "row",
  "col",
  "rowSpan",
  "colSpan",
  "title",
  "note",
  "cellType",
  "completed",
  "color",
  "textAlign",
  "verticalAlign",
  "fontSize",
  "bold",
  "italic",
  "underline",
  "borderRadius",
  "borderSize",
  "cellOpacity",
  "locked",
] as const;

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (CSV injection), and some
 * skip leading blanks first (" =1+1"), so spaces and tabs before them count too.
 */
const FORMULA_START = /^[ \t\r\n]*[=+\-@]|^[\t\r]/;

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled; a formula start gets a leading apostrophe. */
export function csvField(value: string | number | boolean): string {
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The cards as CSV: a header row, then one row per card in reading order (the document's order),
 * lines ending in CRLF. Text that a spreadsheet would run as a formula gets a leading apostrophe,
 * so this is for reading, not for import (the JSON document is the lossless format).
 */
export function toCardsCsv(document: SnapDocument): string {
  const rows = [CSV_COLUMNS.join(",")];
  for (const card of document.cards) rows.push(CSV_COLUMNS.map((column) => csvField(card[column])).join(","));
  return `${rows.join("\r\n")}\r\n`;
}
