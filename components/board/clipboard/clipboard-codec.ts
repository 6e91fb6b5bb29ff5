import { CARD_FIELDS, CARD_FIELD_NAMES, readCardFieldValue } from "@/lib/board-model/card-fields";
import type { BoardCard, BoardLine } from "../state/board-types";
import type { ClipCard, ClipLineRef as ClipLine } from "../grid/group-plans";
import { boundsOf } from "../state/selection-model";
import { parseHtmlTable, type CellLook } from "./html-table";

/**
 * What the board puts on the system clipboard and reads back from it (docs/ARCHITECTURE.md, "The
 * board in the browser: many cards at once"):
 * - its own format (JSON, as a type of its own and inside the HTML table), which keeps every
 *   field, the spans, the relative positions and the lines between copied cards;
 * - text/plain, tab-separated titles, and text/html, a table, for spreadsheets and documents.
 * Reading takes the own format first, then an HTML table, then tab-separated text.
 */

export const OWN_MIME_TYPE = "application/x-snap-board+json";
const FORMAT = "snap-board-cards";

export type { ClipLineRef as ClipLine } from "../grid/group-plans";

/** Cards copied from a board, their positions relative to the copied range's top-left cell. */
export interface OwnClip {
  cards: ClipCard[];
  lines: ClipLine[];
}

/** What a paste brings: cards of this format, or a table of text (null: a cell a merged one covers). */
export type Pasted = { kind: "cards"; clip: OwnClip } | { kind: "table"; rows: (string | null)[][]; looks?: (CellLook | null)[][] };

export interface Encoded {
  "text/plain": string;
  "text/html": string;
  [OWN_MIME_TYPE]: string;
}

/** The copied cards as the clipboard's three types. */
export function encodeCards(cards: readonly BoardCard[], lines: readonly BoardLine[]): Encoded {
  const box = boundsOf(cards) ?? { row: 0, col: 0, rowSpan: 0, colSpan: 0 };
  const ordered = [...cards].sort((a, b) => a.row - b.row || a.col - b.col);
  const indexOf = new Map(ordered.map((card, index) => [card.id, index]));
  const clip: OwnClip = {
    cards: ordered.map((card) => {
      const fields: Partial<BoardCard> = { ...card, row: card.row - box.row, col: card.col - box.col };
      delete fields.id;
      return fields as ClipCard;
    }),
    lines: lines.flatMap((line) => {
      const from = indexOf.get(line.fromCardId);
      const to = indexOf.get(line.toCardId);
      return from === undefined || to === undefined ? [] : [{ from, to, color: line.color, style: line.style, arrow: line.arrow }];
    }),
  };
  const own = JSON.stringify({ format: FORMAT, version: 1, ...clip });
  return { "text/plain": toTsv(clip.cards, box), "text/html": toHtml(clip.cards, box, own), [OWN_MIME_TYPE]: own };
}

/** A grid of titles over the copied range: each card's text at its top-left cell. */
function titleGrid(cards: readonly ClipCard[], box: { rowSpan: number; colSpan: number }): string[][] {
  const grid = Array.from({ length: box.rowSpan }, () => new Array<string>(box.colSpan).fill(""));
  for (const card of cards) grid[card.row]![card.col] = card.title;
  return grid;
}

/** Tab-separated values as spreadsheets write them: a value with a tab, a line break or a quote is quoted. */
export function toTsv(cards: readonly ClipCard[], box: { rowSpan: number; colSpan: number }): string {
  return titleGrid(cards, box)
    .map((row) => row.map((value) => (/[\t\n\r"]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)).join("\t"))
    .join("\n");
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function cellStyle(card: ClipCard): string {
  const style = [
    card.color && `background-color:${card.color}`,
    card.bold && "font-weight:bold",
    card.italic && "font-style:italic",
    card.underline && "text-decoration:underline",
    card.textAlign !== "left" && `text-align:${card.textAlign}`,
    `vertical-align:${card.verticalAlign}`,
  ].filter(Boolean);
  return style.join(";");
}

function toHtml(cards: readonly ClipCard[], box: { rowSpan: number; colSpan: number }, own: string): string {
  const at = new Map(cards.map((card) => [`${card.row}:${card.col}`, card]));
  const covered = new Set<string>();
  for (const card of cards) {
    for (let r = 0; r < card.rowSpan; r += 1) for (let c = 0; c < card.colSpan; c += 1) if (r || c) covered.add(`${card.row + r}:${card.col + c}`);
  }
  const rows: string[] = [];
  for (let row = 0; row < box.rowSpan; row += 1) {
    const cells: string[] = [];
    for (let col = 0; col < box.colSpan; col += 1) {
      if (covered.has(`${row}:${col}`)) continue;
      const card = at.get(`${row}:${col}`);
      if (!card) {
        cells.push("<td></td>");
        continue;
      }
      const spans = `${card.rowSpan > 1 ? ` rowspan="${card.rowSpan}"` : ""}${card.colSpan > 1 ? ` colspan="${card.colSpan}"` : ""}`;
      cells.push(`<td${spans} style="${cellStyle(card)}">${escapeHtml(card.title).replace(/\r?\n/g, "<br>")}</td>`);
    }
    rows.push(`<tr>${cells.join("")}</tr>`);
  }
  return `<meta charset="utf-8"><table data-snap-board="${escapeHtml(own)}"><tbody>${rows.join("")}</tbody></table>`;
}

/** Reads a paste: the own format when present, else an HTML table, else tab-separated text. Null: nothing usable. */
export function decodeClipboard(data: { own?: string | null; html?: string | null; text?: string | null }): Pasted | null {
  const table = data.html ? parseHtmlTable(data.html) : null;
  const clip = readOwn(data.own ?? null) ?? readOwn(table?.own ?? null);
  if (clip) return { kind: "cards", clip };
  if (table && table.rows.length) {
    const styled = table.looks.some((row) => row.some((look) => look !== null));
    return { kind: "table", rows: table.rows, ...(styled && { looks: table.looks }) };
  }
  if (data.text) {
    const rows = parseTsv(data.text);
    if (rows.length) return { kind: "table", rows };
  }
  return null;
}

/**
 * Tab-separated text as spreadsheets write it: rows by line break, cells by tab, a quoted cell
 * may hold tabs, line breaks and doubled quotes. The line break after the last row is not a row.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = "";
  let index = 0;
  let atCellStart = true;
  while (index < text.length) {
    const char = text[index]!;
    if (atCellStart && char === '"') {
      const end = closingQuote(text, index + 1);
      if (end !== -1) {
        value = text.slice(index + 1, end).replace(/""/g, '"');
        index = end + 1;
        atCellStart = false;
        continue;
      }
    }
    atCellStart = false;
    if (char === "\t") {
      row.push(value);
      value = "";
      atCellStart = true;
    } else if (char === "\n" || char === "\r") {
      row.push(value);
      rows.push(row);
      row = [];
      value = "";
      atCellStart = true;
      if (char === "\r" && text[index + 1] === "\n") index += 1;
    } else {
      value += char;
    }
    index += 1;
  }
  if (!atCellStart || value !== "" || row.length) {
    row.push(value);
    rows.push(row);
  }
  return rows;
}

/** The quote that ends a quoted cell (followed by a tab, a line break or the end), or -1. */
function closingQuote(text: string, from: number): number {
  let index = from;
  while (index < text.length) {
    if (text[index] === '"') {
      if (text[index + 1] === '"') {
        index += 2;
        continue;
      }
      const next = text[index + 1];
      return next === undefined || next === "\t" || next === "\n" || next === "\r" ? index : -1;
    }
    index += 1;
  }
  return -1;
}

/**
 * The own format, checked field by field: a clipboard is input from anywhere. A field that is
 * missing or out of bounds takes the new card's default; the server checks again.
 */
function readOwn(json: string | null): OwnClip | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.format !== FORMAT || !Array.isArray(value.cards)) return null;
  const cards = value.cards.filter(isRecord).map(readCard);
  if (cards.length === 0) return null;
  const lines = (Array.isArray(value.lines) ? value.lines : []).filter(isRecord).flatMap((line): ClipLine[] => {
    const { from, to } = line;
    if (!isIndex(from, cards.length) || !isIndex(to, cards.length) || from === to) return [];
    return [
      {
        from,
        to,
        color: typeof line.color === "string" && /^#[0-9a-fA-F]{6}$/.test(line.color) ? line.color : "#64748b",
        style: line.style === "dashed" ? "dashed" : "solid",
        arrow: line.arrow === "none" || line.arrow === "both" ? line.arrow : "end",
      },
    ];
  });
  return { cards, lines };
}

/** A pasted card: each field of the table as its row says a copy takes it (card-fields.ts), checked by its bounds. */
function readCard(card: Record<string, unknown>): ClipCard {
  const read: Record<string, unknown> = {};
  for (const name of CARD_FIELD_NAMES) read[name] = readCardFieldValue(name, CARD_FIELDS[name].copied ? card[name] : undefined);
  return read as unknown as ClipCard;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isIndex(value: unknown, length: number): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < length;
}
