import { csvField } from "./to-cards-csv";
import type { SnapDocument } from "./transfer-schemas";

/**
 * The board as a table (format=csv-grid): one CSV row per board row and one field per column, each
 * cell holding the title of the card that starts there (an image card's: its file's name); the other cells a card spans, and empty
 * places, are empty fields. Where cards overlap, the first in reading order takes the cell, as on
 * the board. No header row: row 1 of the file is row 1 of the board. Quoting, CRLF and the formula
 * guard are the flat CSV's (toCardsCsv), so this too is for reading, not for import.
 */
export function toGridCsv(document: SnapDocument, files: readonly { id: string; name: string }[] = []): string {
  return Array.from(gridCsvPieces(document, files)).join("");
}

/** An uploaded file's address as a card's whole title (an image card's): `/api/files/<id>`, maybe with a query. */
const FILE_TITLE = /^\/api\/files\/([a-z0-9]{8,64})(?:\?[^\s]*)?$/;

/**
 * What a cell says of a card: its title; for a card showing an uploaded file (`files`: the board's,
 * as the export lists them), the file's name, which a spreadsheet reader can make sense of.
 */
function cellText(title: string, names: ReadonlyMap<string, string>): string {
  const file = FILE_TITLE.exec(title.trim());
  return (file && names.get(file[1]!)) || title;
}

/** toGridCsv's text in pieces, a board row each, made as they are taken (a download streams them). */
export function* gridCsvPieces(document: SnapDocument, files: readonly { id: string; name: string }[] = []): Generator<string> {
  const names = new Map(files.map((file) => [file.id, file.name]));
  // The document's rows and cols hold every card (parseSnapDocument checks it).
  const { rows, cols } = document.snap;
  const table: string[][] = Array.from({ length: rows }, () => new Array<string>(cols).fill(""));
  const taken: boolean[][] = Array.from({ length: rows }, () => new Array<boolean>(cols).fill(false));
  for (const card of document.cards) {
    if (taken[card.row]?.[card.col]) continue;
    table[card.row]![card.col] = cellText(card.title, names);
    for (let row = card.row; row < Math.min(rows, card.row + card.rowSpan); row += 1) {
      for (let col = card.col; col < Math.min(cols, card.col + card.colSpan); col += 1) taken[row]![col] = true;
    }
  }
  if (table.length === 0) yield "\r\n";
  for (const cells of table) yield `${cells.map(csvField).join(",")}\r\n`;
}
