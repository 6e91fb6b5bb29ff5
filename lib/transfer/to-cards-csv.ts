import { CARD_FIELDS, CARD_FIELD_NAMES, type CardFieldName } from "@/lib/board-model/card-fields";
import type { SnapDocument } from "./transfer-schemas";

type CsvField = { [K in CardFieldName]: (typeof CARD_FIELDS)[K]["csv"] extends true ? K : never }[CardFieldName];

/** The card fields, in the order of the CSV's columns: the table's, less those a cell cannot hold (card-fields.ts). */
export const CSV_COLUMNS = CARD_FIELD_NAMES.filter((name): name is CsvField => CARD_FIELDS[name].csv);

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
  return Array.from(cardsCsvPieces(document)).join("");
}

/** toCardsCsv's text in pieces, a row each, made as they are taken (a download streams them). */
export function* cardsCsvPieces(document: SnapDocument): Generator<string> {
  yield `${CSV_COLUMNS.join(",")}\r\n`;
  for (const card of document.cards) yield `${CSV_COLUMNS.map((column) => csvField(card[column])).join(",")}\r\n`;
}
