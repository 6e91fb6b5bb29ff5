/**
 * The first table of an HTML fragment, as spreadsheets (Google Sheets, Excel, Numbers) and pages
 * put it on the clipboard, read without a DOM so that the same code runs in the browser and in
 * unit tests. Merged cells keep their text at their top-left cell; the cells they cover are null.
 */

export interface HtmlTable {
  rows: (string | null)[][];
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

/** Null when the fragment has no table. */
export function parseHtmlTable(html: string): HtmlTable | null {
  // What is never text: comments, styles, scripts.
  const source = html.replace(/<!--[\s\S]*?-->/g, "").replace(/<(style|script|head)\b[\s\S]*?<\/\1\s*>/gi, "");
  const start = /<table\b[^>]*>/i.exec(source);
  if (!start) return null;
  const own = attribute(start[0], "data-snap-board");
  const rows: (string | null)[][] = [];
  /** Cells that merged cells of earlier rows cover: `row:col`. */
  const covered = new Set<string>();
  let row = -1;
  let col = 0;
  let cell: { text: string; rowSpan: number; colSpan: number } | null = null;
  let depth = 0;

  const place = (r: number, c: number, value: string | null) => {
    while (rows.length <= r) rows.push([]);
    const line = rows[r]!;
    while (line.length < c) line.push(null);
    line[c] = value;
  };
  const closeCell = () => {
    if (!cell || row < 0) return;
    while (covered.has(`${row}:${col}`)) col += 1;
    const text = cell.text
      .replace(/[ \t\r\n\f]+/g, " ")
      .replace(/ ?\u2028 ?/g, "\n")
      .trim();
    place(row, col, decodeEntities(text));
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
      if (!closing) cell = { text: "", rowSpan: spanOf(whole, "rowspan"), colSpan: spanOf(whole, "colspan") };
    } else if (cell && (name === "br" || ((name === "p" || name === "div" || name === "li") && closing))) {
      cell.text += LINE_BREAK;
    }
  }
  closeCell();
  // Rows that merged cells reach past the table's last row are the table's too; trailing empties are not.
  const width = Math.max(0, ...rows.map((line) => line.length));
  return { rows: rows.map((line) => [...line, ...Array<null>(width - line.length).fill(null)]), own };
}
