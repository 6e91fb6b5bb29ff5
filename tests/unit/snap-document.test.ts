import { describe, expect, it } from "vitest";
import { builtinTemplates } from "@/lib/templates/builtin-templates";
import { parseSnapDocument } from "@/lib/transfer/parse-snap-document";
import { jsonPath } from "@/lib/transfer/json-path";
import { toCardsCsv } from "@/lib/transfer/to-cards-csv";
import { toGridCsv } from "@/lib/transfer/to-grid-csv";
import { formatSnapDocument } from "@/lib/transfer/format-snap-document";
import { renderSnapSvg } from "@/lib/transfer/render-snap-svg";
import { wrapText } from "@/lib/board-look/wrap-text";
import kanban from "@/lib/templates/builtin/kanban.snap.json";
import { readdirSync, readFileSync } from "node:fs";

describe("built-in templates", () => {
  it("are export documents that the import accepts, every file in the folder among them", () => {
    const files = readdirSync("lib/templates/builtin").filter((file) => file.endsWith(".snap.json"));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      expect(() => parseSnapDocument(JSON.parse(readFileSync(`lib/templates/builtin/${file}`, "utf8"))), file).not.toThrow();
    }
    expect(builtinTemplates()).toHaveLength(files.length);
    for (const template of builtinTemplates()) expect(template.document.cards.length, template.id).toBeGreaterThan(0);
  });

  it("are checked for real: a broken one is refused", () => {
    const broken = structuredClone(kanban) as any;
    broken.cards[0].row = 99;
    expect(() => parseSnapDocument(broken)).toThrow(/cards\[0\]\.row/);
  });
});

describe("snap documents", () => {
  it("name paths as people write them", () => {
    expect(jsonPath(["cards", 3, "row"])).toBe("cards[3].row");
    expect(jsonPath(["snap", "rowHeights", "12"])).toBe('snap.rowHeights["12"]');
    expect(jsonPath([])).toBe("(body)");
  });

  it("print one card per line and read back as the same document", () => {
    const document = parseSnapDocument(kanban);
    const text = formatSnapDocument(document);
    expect(JSON.parse(text)).toEqual(document);
    expect(text.split("\n").filter((line) => line.startsWith('    {"key"'))).toHaveLength(document.cards.length);
  });

  it("quote CSV per RFC 4180 and defuse formulas", () => {
    const document = parseSnapDocument({
      format: "snap-board",
      formatVersion: 1,
      snap: { title: "t", rows: 1, cols: 3 },
      cards: [
        { key: "a", row: 0, col: 0, title: "a,b", note: 'say "x"' },
        { key: "b", row: 0, col: 1, title: "+1", note: "line\r\nbreak" },
        { key: "c", row: 0, col: 2, title: "-", note: "@x" },
      ],
    });
    const rows = toCardsCsv(document).split("\r\n");
    expect(rows[1]!.startsWith('0,0,1,1,"a,b","say ""x""",')).toBe(true);
    expect(toCardsCsv(document)).toContain(`0,1,1,1,'+1,"line\r\nbreak",`);
    expect(toCardsCsv(document)).toContain("0,2,1,1,'-,'@x,");
  });

  it("the grid CSV is the board as a table: a row per board row, a spanned card's text in its first cell", () => {
    const document = parseSnapDocument({
      format: "snap-board",
      formatVersion: 1,
      snap: { title: "Grid", rows: 3, cols: 3 },
      cards: [
        { key: "a", row: 0, col: 0, title: "Goals", colSpan: 2, rowSpan: 2 },
        { key: "b", row: 0, col: 2, title: "a,b" },
        { key: "c", row: 2, col: 1, title: "=1+1" },
        { key: "d", row: 1, col: 1, title: "hidden under Goals" },
      ],
    });
    expect(toGridCsv(document)).toBe('Goals,,"a,b"\r\n,,\r\n,\'=1+1,\r\n');
  });

  it("the grid CSV writes an image card as its file's name, not the file's address on this server", () => {
    const document = parseSnapDocument({
      format: "snap-board",
      formatVersion: 1,
      snap: { title: "Photos", rows: 1, cols: 3 },
      cards: [
        { key: "a", row: 0, col: 0, title: "/api/files/abcdef123456", cellType: "image" },
        { key: "b", row: 0, col: 1, title: "/api/files/zzzzzz999999", cellType: "image" },
        { key: "c", row: 0, col: 2, title: "see /api/files/abcdef123456" },
      ],
    });
    expect(toGridCsv(document, [{ id: "abcdef123456", name: "harbour.jpg" }])).toBe("harbour.jpg,/api/files/zzzzzz999999,see /api/files/abcdef123456\r\n");
  });

  it("draw every card, text escaped, wrapped and clipped", () => {
    const document = parseSnapDocument({
      format: "snap-board",
      formatVersion: 1,
      snap: { title: 'A & B "quoted"', rows: 1, cols: 2 },
      cards: [
        { key: "a", row: 0, col: 0, title: "</text><script>x</script>" },
        { key: "b", row: 0, col: 1, title: "done", cellType: "todo", completed: true },
      ],
      lines: [{ from: "a", to: "b" }],
    });
    const { svg } = renderSnapSvg(document);
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&#60;/text&#62;&#60;script&#62;");
    expect(svg.match(/<clipPath /g)).toHaveLength(2);
    expect(svg).toContain('text-decoration="line-through"');
    expect(svg).toContain('marker-end="url(#a0)"');
  });

  it("wrap text by words into the lines that fit, with an ellipsis when it does not", () => {
    expect(wrapText("one two three four", 50, 10, false, 5)).toEqual(["one two", "three", "four"]);
    expect(wrapText("one two three four", 50, 10, false, 2)).toEqual(["one two", "three…"]);
    expect(wrapText("abcdefghijkl", 30, 10, false, 5)).toEqual(["abcde", "fghij", "kl"]);
  });
});
