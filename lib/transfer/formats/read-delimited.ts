import { ApiError } from "@/lib/errors/api-error";
import { FORMAT_LIMITS } from "./format-limits";

export type Delimiter = "," | "\t" | ";";

export interface DelimitedCell {
  row: number;
  col: number;
  text: string;
}

const tooLarge = (message: string, path: string) => new ApiError("PAYLOAD_TOO_LARGE", message, [{ path, message }]);
const cellPath = (row: number, col: number) => `row ${row + 1}, column ${col + 1}`;

/**
 * The non-empty fields of a CSV or TSV text (RFC 4180: fields in double quotes may hold the
 * delimiter, quotes doubled and line breaks; CRLF, LF or CR ends a record; a leading BOM is
 * dropped), each at its 0-based row and column. Written here rather than taken from a library so
 * that every bound is checked while reading, at the first field past it: a file of a million empty
 * fields or a line of a million columns costs no more than its bytes (413 naming the bound).
 * A quote inside an unquoted field is kept as text, as spreadsheets read it.
 */
export function readDelimited(text: string, delimiter: Delimiter): DelimitedCell[] {
  const cells: DelimitedCell[] = [];
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const end = source.length;
  let row = 0;
  let col = 0;
  let at = 0;
  const take = (value: string) => {
    if (value.trim() === "") return;
    if (row > FORMAT_LIMITS.gridIndex) throw tooLarge(`A board has at most ${FORMAT_LIMITS.gridIndex + 1} rows; this file has more`, cellPath(row, col));
    if (col > FORMAT_LIMITS.gridIndex) throw tooLarge(`A board has at most ${FORMAT_LIMITS.gridIndex + 1} columns; this file has more`, cellPath(row, col));
    if (cells.length >= FORMAT_LIMITS.cards)
      throw tooLarge(`A board has at most ${FORMAT_LIMITS.cards.toLocaleString("en")} cards; this file has more non-empty fields`, cellPath(row, col));
    if (value.length > FORMAT_LIMITS.cellText)
      throw tooLarge(`A card's text has at most ${FORMAT_LIMITS.cellText.toLocaleString("en")} characters`, cellPath(row, col));
    cells.push({ row, col, text: value });
  };
  while (at < end) {
    let value: string;
    if (source[at] === '"') {
      // A quoted field: up to the quote not followed by another; "" is one quote.
      let piece = "";
      let from = at + 1;
      for (;;) {
        const quote = source.indexOf('"', from);
        if (quote === -1) {
          throw new ApiError("BAD_REQUEST", `A quoted field is never closed (it opens at ${cellPath(row, col)})`, [
            { path: cellPath(row, col), message: "Unclosed quote" },
          ]);
        }
        piece += source.slice(from, quote);
        if (source[quote + 1] === '"') {
          piece += '"';
          from = quote + 2;
          continue;
        }
        at = quote + 1;
        break;
      }
      // Text between the closing quote and the delimiter is kept, as spreadsheets keep it.
      const rest = nextBreak(source, at, delimiter);
      value = piece + source.slice(at, rest);
      at = rest;
    } else {
      const rest = nextBreak(source, at, delimiter);
      value = source.slice(at, rest);
      at = rest;
    }
    take(value);
    if (at >= end) break;
    const separator = source[at];
    if (separator === delimiter) {
      col += 1;
      at += 1;
      if (at === end) break;
      continue;
    }
    // A line break: CRLF, LF or CR.
    at += separator === "\r" && source[at + 1] === "\n" ? 2 : 1;
    row += 1;
    col = 0;
  }
  return cells;
}

/** The index of the next delimiter or line break from `from`, or the end. */
function nextBreak(source: string, from: number, delimiter: Delimiter): number {
  for (let index = from; index < source.length; index += 1) {
    const char = source[index];
    if (char === delimiter || char === "\n" || char === "\r") return index;
  }
  return source.length;
}

/**
 * The delimiter a file uses: tab for TSV (said by its type or name), else whichever of comma, tab
 * and semicolon (Excel's in many European locales) its first line holds most often outside quotes.
 */
export function sniffDelimiter(text: string, hint: { contentType?: string; name?: string } = {}): Delimiter {
  if (/tab-separated-values/i.test(hint.contentType ?? "") || /\.tsv$/i.test(hint.name ?? "")) return "\t";
  const counts = { ",": 0, "\t": 0, ";": 0 };
  let quoted = false;
  for (let index = 0; index < Math.min(text.length, 64_000); index += 1) {
    const char = text[index]!;
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char in counts) counts[char as Delimiter] += 1;
  }
  if (counts["\t"] > counts[","] && counts["\t"] >= counts[";"]) return "\t";
  if (counts[";"] > counts[","]) return ";";
  return ",";
}
