/**
 * The first table of an HTML fragment, as spreadsheets (Google Sheets, Excel, Numbers) and pages
 * put it on the clipboard, read without a DOM so that the same code runs in the browser and in
 * unit tests. Merged cells keep their text at their top-left cell; the cells they cover are null.
 * Each cell's look (bold, italic, underline, fill, alignment) is read from its inline style and tags.
 */

/** What a spreadsheet's cell says of its look, in the card's fields (bold, italic, fill, alignment). */
export interface CellLook {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  color?: string;
  textAlign?: "left" | "center" | "right";
}

export interface HtmlTable {
  rows: (string | null)[][];
  /** Each cell's look where it has one (the same shape as `rows`; null: the defaults). */
  looks: (CellLook | null)[][];
  /** The value of the table's `data-snap-board` attribute: this board's own format, when it wrote the table. */
  own: string | null;
}

/** A line break of the cell (a <br>, the end of a paragraph): kept while the source's own whitespace collapses. */
const LINE_BREAK = "\u2028";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  if (!match) return null;
  return decodeEntities(match[1] ?? match[2] ?? match[3] ?? "");
}

function spanOf(tag: string, name: string): number {
  const value = Number(attribute(tag, name) ?? 1);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, 1000) : 1;
}

/** #rrggbb of a CSS colour as spreadsheets write it (#rgb, #rrggbb, rgb()/rgba() opaque); null for anything else. */
function hexColor(value: string): string | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text);
  if (hex) return hex[1]!.length === 3 ? `#${[...hex[1]!].map((digit) => digit + digit).join("")}` : text;
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(text);
  if (!rgb || (rgb[4] !== undefined && Number(rgb[4]) < 1)) return null;
  const channels = [rgb[1], rgb[2], rgb[3]].map((channel) => Math.min(255, Number(channel)));
  return `#${channels.map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The look an element's inline style and tag give its cell: Google Sheets writes it on the <td>
 * (`font-weight:bold;background-color:#ffff00;text-align:center`), pages wrap the text in <b>, <i>.
 * White fills are a sheet's page, not a colour chosen.
 */
function lookOf(tag: string, name: string, into: CellLook): void {
  if (name === "b" || name === "strong") into.bold = true;
  if (name === "i" || name === "em") into.italic = true;
  if (name === "u") into.underline = true;
  const style = attribute(tag, "style");
  if (!style) return;
  for (const declaration of style.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (property === "font-weight") into.bold = value === "bold" || value === "bolder" || Number(value) >= 600;
    else if (property === "font-style") into.italic = value === "italic" || value === "oblique";
    else if (property === "text-decoration" || property === "text-decoration-line") into.underline = value.includes("underline");
    else if (property === "text-align" && (value === "left" || value === "center" || value === "right")) into.textAlign = value;
    else if (property === "background-color" || property === "background") {
      const color = hexColor(value);
      if (color && color !== "#ffffff") into.color = color;
    }
  }
}

function hasLook(look: CellLook): boolean {
  return Boolean(look.bold || look.italic || look.underline || look.color || (look.textAlign && look.textAlign !== "left"));
}

/** Null when the fragment has no table. */
export function parseHtmlTable(html: string): HtmlTable | null {
  // What is never text: comments, styles, scripts.
  const source = html.replace(/<!--[\s\S]*?-->/g, "").replace(/<(style|script|head)\b[\s\S]*?<\/\1\s*>/gi, "");
  const start = /<table\b[^>]*>/i.exec(source);
  if (!start) return null;
  const own = attribute(start[0], "data-snap-board");
  const rows: (string | null)[][] = [];
  const looks: (CellLook | null)[][] = [];
  /** Cells that merged cells of earlier rows cover: `row:col`. */
  const covered = new Set<string>();
  let row = -1;
  let col = 0;
  let cell: { text: string; rowSpan: number; colSpan: number; look: CellLook } | null = null;
  let depth = 0;

  const place = (r: number, c: number, value: string | null, look: CellLook | null = null) => {
    while (rows.length <= r) rows.push([]);
    while (looks.length <= r) looks.push([]);
    const line = rows[r]!;
    const lookLine = looks[r]!;
    while (line.length < c) line.push(null);
    while (lookLine.length < c) lookLine.push(null);
    line[c] = value;
    lookLine[c] = look;
  };
  const closeCell = () => {
    if (!cell || row < 0) return;
    while (covered.has(`${row}:${col}`)) col += 1;
    const text = cell.text
      .replace(/[ \t\r\n\f]+/g, " ")
      .replace(/ ?\u2028 ?/g, "\n")
      .trim();
    place(row, col, decodeEntities(text), hasLook(cell.look) ? cell.look : null);
    for (let r = 0; r < cell.rowSpan; r += 1) {
      for (let c = 0; c < cell.colSpan; c += 1) {
        if (r === 0 && c === 0) continue;
        covered.add(`${row + r}:${col + c}`);
        place(row + r, col + c, null);
      }
    }
    col += cell.colSpan;
    cell = null;
  };

  const tokens = /<(\/?)([a-z][a-z0-9-]*)\b[^>]*>|([^<]+)/gi;
  tokens.lastIndex = start.index + start[0].length;
  for (let match = tokens.exec(source); match; match = tokens.exec(source)) {
    const [whole, closing, rawName, text] = match;
    if (text !== undefined) {
      if (cell) cell.text += text;
      continue;
    }
    const name = rawName!.toLowerCase();
    if (name === "table") {
      if (closing) {
        if (depth === 0) break;
        depth -= 1;
      } else depth += 1;
      continue;
    }
    if (depth > 0) {
      // A table inside a cell: its text joins the cell's.
      if (cell && (name === "td" || name === "th") && closing) cell.text += " ";
      continue;
    }
    if (name === "tr") {
      closeCell();
      if (!closing) {
        row += 1;
        col = 0;
      }
    } else if (name === "td" || name === "th") {
      closeCell();
      if (!closing) {
        cell = { text: "", rowSpan: spanOf(whole, "rowspan"), colSpan: spanOf(whole, "colspan"), look: {} };
        lookOf(whole, name, cell.look);
      }
    } else if (
      cell &&
      !closing &&
      (name === "b" || name === "strong" || name === "i" || name === "em" || name === "u" || name === "span" || name === "p" || name === "div")
    ) {
      // The text's own wrapping: a whole cell in bold, a Sheets cell's <span style>.
      lookOf(whole, name, cell.look);
    } else if (cell && (name === "br" || ((name === "p" || name === "div" || name === "li") && closing))) {
      cell.text += LINE_BREAK;
    }
  }
  closeCell();
  // Rows that merged cells reach past the table's last row are the table's too; trailing empties are not.
  const width = Math.max(0, ...rows.map((line) => line.length));
  const widen = <T>(line: (T | null)[]) => [...line, ...Array<null>(width - line.length).fill(null)];
  return { rows: rows.map(widen), looks: rows.map((_, r) => widen(looks[r] ?? [])), own };
}
