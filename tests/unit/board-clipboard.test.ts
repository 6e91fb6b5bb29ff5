import { describe, expect, it } from "vitest";
import { decodeClipboard, encodeCards, OWN_MIME_TYPE, parseTsv } from "@/components/board/clipboard/clipboard-codec";
import { parseHtmlTable } from "@/components/board/clipboard/html-table";
import { blankCard } from "@/components/board/grid/grid-plans";
import type { BoardCard, BoardDoc } from "@/components/board/state/board-types";
import { planPasteTable } from "@/components/board/grid/group-plans";

/** A card's fields without its id, as the clipboard and a create carry them. */
function withoutId<T extends { id?: unknown }>(card: T): Omit<T, "id"> {
  const fields: Partial<T> = { ...card };
  delete fields.id;
  return fields as Omit<T, "id">;
}

const card = (id: string, row: number, col: number, fields: Partial<BoardCard> = {}): BoardCard => ({ ...blankCard(id, row, col), ...fields });

describe("the board's clipboard", () => {
  const cards = [
    card("a", 2, 3, { title: "Plan", color: "#fee2e2", bold: true, colSpan: 2, cellType: "todo", completed: true, locked: true }),
    card("b", 3, 3, { title: 'Say "hi"\tthere' }),
    card("c", 3, 5, { title: "Two\nlines <b>", rowSpan: 2 }),
  ];
  const lines = [{ id: "l1", fromCardId: "a", toCardId: "c", color: "#64748b", style: "dashed" as const, arrow: "both" as const }];

  it("copies tab-separated titles over the copied range, quoting as spreadsheets do", () => {
    const encoded = encodeCards(cards, lines);
    expect(encoded["text/plain"]).toBe('Plan\t\t\n"Say ""hi""\tthere"\t\t"Two\nlines <b>"\n\t\t');
    expect(parseTsv(encoded["text/plain"])).toEqual([
      ["Plan", "", ""],
      ['Say "hi"\tthere', "", "Two\nlines <b>"],
      ["", "", ""],
    ]);
  });

  it("copies an HTML table with spans, escaped text and line breaks, which reads back as the same cells", () => {
    const { "text/html": html } = encodeCards(cards, lines);
    expect(html).toContain('<td colspan="2" style="background-color:#fee2e2;font-weight:bold;vertical-align:top">Plan</td>');
    expect(html).toContain("Two<br>lines &lt;b&gt;");
    const table = parseHtmlTable(html)!;
    // HTML's whitespace collapses, as a spreadsheet reading the table shows it.
    expect(table.rows).toEqual([
      ["Plan", null, ""],
      ['Say "hi" there', "", "Two\nlines <b>"],
      ["", "", null],
    ]);
  });

  it("keeps every field, span, relative position and line in its own format, from its type or from inside the HTML", () => {
    const encoded = encodeCards(cards, lines);
    const expected = {
      kind: "cards",
      clip: {
        cards: [
          { ...cards[0], id: undefined, row: 0, col: 0 },
          { ...cards[1], id: undefined, row: 1, col: 0 },
          { ...cards[2], id: undefined, row: 1, col: 2 },
        ].map(withoutId),
        lines: [{ from: 0, to: 2, color: "#64748b", style: "dashed", arrow: "both" }],
      },
    };
    expect(decodeClipboard({ own: encoded[OWN_MIME_TYPE] })).toEqual(expected);
    expect(decodeClipboard({ html: encoded["text/html"], text: "ignored" })).toEqual(expected);
  });

  it("reads a Google Sheets table: styles and comments skipped, entities decoded, merged cells null", () => {
    const html =
      '<meta charset="utf-8"><google-sheets-html-origin><style type="text/css"><!--td {border: 1px solid #ccc;}--></style>' +
      '<table xmlns="http://www.w3.org/1999/xhtml" cellspacing="0" cellpadding="0" dir="ltr" border="1"><colgroup><col width="100"/></colgroup><tbody>' +
      '<tr style="height:21px;"><td style="overflow:hidden;">Name</td><td>Q&amp;A</td><td rowspan="2" colspan="1">Tall</td></tr>' +
      "<tr><td>Ada&nbsp;L.</td><td><div>one</div><div>two</div></td></tr>" +
      "<tr><td colspan=2>Wide</td><td>&#8364;5</td></tr></tbody></table></google-sheets-html-origin>";
    expect(decodeClipboard({ html, text: "Name\tQ&A" })).toEqual({
      kind: "table",
      rows: [
        ["Name", "Q&A", "Tall"],
        ["Ada L.", "one\ntwo", null],
        ["Wide", null, "€5"],
      ],
    });
  });

  it("reads an Excel table whose markup spreads over lines, with th cells", () => {
    const html = `<html><body>\n<table>\n <tr>\n  <th>Task</th>\n  <th>Owner</th>\n </tr>\n <tr>\n  <td>Ship\n  it</td>\n  <td></td>\n </tr>\n</table></body></html>`;
    expect(parseHtmlTable(html)!.rows).toEqual([
      ["Task", "Owner"],
      ["Ship it", ""],
    ]);
  });

  it("falls back to tab-separated text: rows, quoted cells, CRLF, no row for the last line break", () => {
    expect(decodeClipboard({ html: "<b>no table here</b>", text: 'a\tb\r\n"multi\nline"\t"x""y"\r\n' })).toEqual({
      kind: "table",
      rows: [
        ["a", "b"],
        ["multi\nline", 'x"y'],
      ],
    });
    expect(parseTsv("one")).toEqual([["one"]]);
    expect(parseTsv('he said "no"\tok')).toEqual([['he said "no"', "ok"]]);
    expect(decodeClipboard({ text: "" })).toBeNull();
  });

  it("takes its own format as untrusted input: bad fields get defaults, bad lines are dropped, junk is not its format", () => {
    const own = JSON.stringify({
      format: "snap-board-cards",
      version: 1,
      cards: [
        {
          title: 5,
          row: -1,
          col: 2,
          rowSpan: 500,
          color: "red",
          cellType: "Bad Type",
          fontSize: "huge",
          bold: "yes",
          cellOpacity: 40,
          locked: "yes",
          borderRadius: 25,
        },
        { title: "ok", color: "#11223344", attachments: [{ id: "f1" }] },
      ],
      lines: [
        { from: 0, to: 9 },
        { from: 0, to: 0 },
        { from: 1, to: 0, color: "javascript:", style: "dotted", arrow: "both" },
      ],
    });
    const pasted = decodeClipboard({ own });
    expect(pasted).toEqual({
      kind: "cards",
      clip: {
        cards: [
          { ...blankCard("x", 0, 2), id: undefined, title: "", cellOpacity: 40 },
          { ...blankCard("x", 0, 0), id: undefined, title: "ok", color: "#11223344" },
        ].map(withoutId),
        lines: [{ from: 1, to: 0, color: "#64748b", style: "solid", arrow: "both" }],
      },
    });
    expect(decodeClipboard({ own: "{not json", text: "t" })).toEqual({ kind: "table", rows: [["t"]] });
    expect(decodeClipboard({ own: JSON.stringify({ format: "other", cards: [{}] }) })).toBeNull();
  });

  it("reads a Google Sheets cell's bold, italic, fill and alignment from the clipboard's HTML, and a paste keeps them", () => {
    // As Sheets writes a copied range: the look on each <td>, some text in a styled <span>.
    const html =
      '<google-sheets-html-origin><style type="text/css"><!--td {border: 1px solid #cccccc;}--></style><table xmlns="http://www.w3.org/1999/xhtml" cellspacing="0" cellpadding="0" dir="ltr" border="1"><colgroup><col width="100"/><col width="100"/></colgroup><tbody>' +
      '<tr style="height:21px;"><td style="overflow:hidden;padding:2px 3px 2px 3px;vertical-align:bottom;background-color:#ffff00;font-weight:bold;">Name</td>' +
      '<td style="overflow:hidden;padding:2px 3px 2px 3px;vertical-align:bottom;font-style:italic;text-align:center;">Qty</td></tr>' +
      '<tr style="height:21px;"><td style="overflow:hidden;padding:2px 3px 2px 3px;vertical-align:bottom;background-color:rgb(207, 226, 243);text-align:right;">Tea</td>' +
      '<td style="overflow:hidden;padding:2px 3px 2px 3px;vertical-align:bottom;background-color:#ffffff;"><span style="font-weight:bold;">2</span></td></tr>' +
      "</tbody></table>";
    const pasted = decodeClipboard({ html, text: "Name\tQty\nTea\t2" });
    expect(pasted).toEqual({
      kind: "table",
      rows: [
        ["Name", "Qty"],
        ["Tea", "2"],
      ],
      looks: [
        [
          { bold: true, color: "#ffff00" },
          { italic: true, textAlign: "center" },
        ],
        [{ color: "#cfe2f3", textAlign: "right" }, { bold: true }],
      ],
    });
    const empty: BoardDoc = { snap: {} as BoardDoc["snap"], cards: [], lines: [] };
    let next = 0;
    const plan = planPasteTable(
      empty,
      pasted!.kind === "table" ? pasted!.rows : [],
      { row: 0, col: 0 },
      () => `n${(next += 1)}`,
      pasted!.kind === "table" ? pasted!.looks : [],
    );
    if ("error" in plan) throw new Error(plan.error);
    const created = plan.changes.flatMap((change) => (change.type === "createCards" ? change.cards : []));
    expect(created.map(({ title, bold, italic, color, textAlign }) => ({ title, bold, italic, color, textAlign }))).toEqual([
      { title: "Name", bold: true, italic: false, color: "#ffff00", textAlign: "left" },
      { title: "Qty", bold: false, italic: true, color: "", textAlign: "center" },
      { title: "Tea", bold: false, italic: false, color: "#cfe2f3", textAlign: "right" },
      { title: "2", bold: true, italic: false, color: "", textAlign: "left" },
    ]);
  });
});
