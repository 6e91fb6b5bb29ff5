import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readXlsxDocument } from "@/lib/transfer/formats/xlsx/import-xlsx";
import { exportXlsx } from "@/lib/transfer/formats/xlsx/write-xlsx";
import { parseSnapDocument } from "@/lib/transfer/parse-snap-document";
import type { SnapDocument } from "@/lib/transfer/transfer-schemas";

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "xlsx-round-trip-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function roundTrip(document: SnapDocument): Promise<SnapDocument> {
  const file = path.join(dir, `${Math.random()}.xlsx`);
  await pipeline((await exportXlsx(document)).stream, createWriteStream(file));
  return readXlsxDocument(file, { name: "upload" });
}

/** What a sheet holds of a card: its place, span, text, type among normal/to-do/link, and look. */
const held = ({
  row,
  col,
  rowSpan,
  colSpan,
  title,
  cellType,
  completed,
  color,
  bold,
  italic,
  underline,
  fontSize,
  textAlign,
  verticalAlign,
}: SnapDocument["cards"][number]) => ({
  row,
  col,
  rowSpan,
  colSpan,
  title,
  cellType,
  completed,
  color,
  bold,
  italic,
  underline,
  fontSize,
  textAlign,
  verticalAlign,
});

const board = parseSnapDocument({
  format: "snap-board",
  formatVersion: 1,
  snap: { title: "Launch: plan / Q3?", rows: 6, cols: 5, rowHeights: { "0": 60, "3": 240 }, colWidths: { "1": 320, "4": 90 } },
  cards: [
    {
      key: "a",
      row: 0,
      col: 0,
      colSpan: 3,
      title: "Launch plan",
      bold: true,
      fontSize: "text-2xl",
      color: "#4472c4",
      textAlign: "center",
      verticalAlign: "middle",
    },
    { key: "b", row: 1, col: 0, title: "=SUM(A1:A9) stays text", italic: true },
    { key: "c", row: 1, col: 1, rowSpan: 2, colSpan: 2, title: "Two by two\nwith a second line & <markup>", underline: true, color: "#fef9c3" },
    { key: "d", row: 2, col: 0, title: "Ship it", cellType: "todo", completed: true },
    { key: "e", row: 3, col: 0, title: "Tell people", cellType: "todo", completed: false, textAlign: "right", verticalAlign: "bottom" },
    { key: "f", row: 3, col: 3, title: "https://example.com/launch?a=1&b=2", cellType: "link", fontSize: "text-xs" },
    { key: "g", row: 4, col: 4, title: "", color: "#22c55e" },
    { key: "h", row: 5, col: 2, title: "東京 ✓ émoji 🚀", fontSize: "text-lg", color: "#1e293b" },
    // Looks like a spreadsheet's own escape of a character (_xHHHH_): written so that it reads back as typed.
    { key: "i", row: 5, col: 4, title: "file_x000D_name_x0041_.txt" },
  ],
});

describe("a board out to .xlsx and back", () => {
  it("is unchanged in what both hold: places, spans, text, to-dos, links, colours, type styles and track sizes", async () => {
    const back = await roundTrip(board);
    expect(back.snap).toMatchObject({ title: "Launch: plan / Q3?", rowHeights: board.snap.rowHeights, colWidths: board.snap.colWidths });
    expect(back.cards.map(held)).toEqual(board.cards.map(held));
    // Exported again, it is the same workbook's content.
    expect((await roundTrip(back)).cards.map(held)).toEqual(board.cards.map(held));
  });

  it("writes overlapping cards without overlapping merges: the first in reading order keeps its span", async () => {
    const overlapping = parseSnapDocument({
      format: "snap-board",
      formatVersion: 1,
      snap: { title: "Overlap", rows: 3, cols: 3 },
      cards: [
        { key: "a", row: 0, col: 0, rowSpan: 2, colSpan: 2, title: "Big" },
        { key: "b", row: 1, col: 1, rowSpan: 2, colSpan: 2, title: "Overlaps" },
        { key: "c", row: 0, col: 0, title: "Same cell" },
      ],
    });
    const back = await roundTrip(overlapping);
    expect(back.cards.map(({ row, col, rowSpan, colSpan, title }) => ({ row, col, rowSpan, colSpan, title }))).toEqual([
      { row: 0, col: 0, rowSpan: 2, colSpan: 2, title: "Big" },
    ]);
  });
});
