import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readXlsxDocument } from "@/lib/transfer/formats/xlsx/import-xlsx";
import { applyTint } from "@/lib/transfer/formats/xlsx/xlsx-colors";
import { excelWorkbook, googleSheetsWorkbook } from "../fixtures/xlsx/workbooks";

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "xlsx-import-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function read(bytes: Buffer, options: { sheet?: string; name?: string } = {}) {
  const file = path.join(dir, `${Math.random()}.xlsx`);
  await writeFile(file, bytes);
  return readXlsxDocument(file, { name: options.name ?? "upload", sheet: options.sheet });
}

const at = (document: Awaited<ReturnType<typeof read>>, row: number, col: number) => document.cards.find((card) => card.row === row && card.col === col);

describe("a workbook as Excel writes it", () => {
  it("keeps displayed text, merges, theme fills with tints, fonts, links and track sizes", async () => {
    const document = await read(excelWorkbook(), { name: "Q3 plan.xlsx" });
    expect(document.snap.title).toBe("Q3 plan");
    // A1:D2 merged, accent1 fill (theme 4), bold 14 pt white, centred.
    expect(at(document, 0, 0)).toMatchObject({
      title: "Quarterly plan",
      rowSpan: 2,
      colSpan: 4,
      color: "#4472c4",
      bold: true,
      fontSize: "text-base",
      textAlign: "center",
      verticalAlign: "middle",
    });
    // The merged range's other cells make no cards.
    expect(document.cards.filter((card) => card.row < 2)).toHaveLength(1);
    expect(at(document, 2, 0)).toMatchObject({ title: "Budget", textAlign: "left", verticalAlign: "bottom", color: "" });
    // Custom currency format, accent6 at tint 0.8.
    expect(at(document, 2, 1)).toMatchObject({ title: "$1,234.50", color: `#${applyTint("70AD47", 0.79998168889431442).toLowerCase()}`, textAlign: "right" });
    expect(at(document, 2, 2)?.title).toBe("3/15/2024");
    // A formula: its cached value through 0.00%, never the formula.
    expect(at(document, 2, 3)?.title).toBe("25.00%");
    // Rich text keeps its text; a phonetic run is not shown; booleans and errors as Excel shows them.
    expect(at(document, 3, 0)).toMatchObject({
      title: "Rich text & more",
      italic: true,
      underline: true,
      color: `#${applyTint("ED7D31", -0.249977111117893).toLowerCase()}`,
    });
    expect(at(document, 3, 1)?.title).toBe("東京");
    expect(at(document, 3, 2)?.title).toBe("TRUE");
    expect(at(document, 3, 3)?.title).toBe("#DIV/0!");
    expect(at(document, 4, 0)).toMatchObject({ cellType: "link", title: "https://example.com/docs", note: "Docs", underline: true });
    expect(at(document, 4, 1)?.title).toBe("4938");
    expect(at(document, 4, 2)?.title).toBe("Budget!");
    expect(at(document, 5, 0)).toMatchObject({ cellType: "todo", completed: true, title: "Ship it" });
    expect(at(document, 5, 1)).toMatchObject({ cellType: "todo", completed: false, title: "Tell people" });
    // Widths: 24.71 characters is 178 px; rows: 30 pt is 40 px, default 15 pt 20 px.
    expect(document.snap.colWidths).toMatchObject({ "0": 178, "1": 94, "2": 94, "3": 64 });
    expect(document.snap.rowHeights).toMatchObject({ "0": 40, "1": 20, "3": 60 });
    // Shared strings of another sheet are not read into this one.
    expect(document.cards.some((card) => card.title === "Only on Sheet2")).toBe(false);
  });

  it("takes a sheet by name or 1-based position, and says which exist otherwise", async () => {
    expect((await read(excelWorkbook(), { sheet: "Notes" })).cards).toMatchObject([{ row: 1, col: 2, title: "Only on Sheet2" }]);
    expect((await read(excelWorkbook(), { sheet: "2" })).snap.title).toBe("Notes");
    await expect(read(excelWorkbook(), { sheet: "3" })).rejects.toMatchObject({ code: "BAD_REQUEST", details: [{ path: "sheet" }] });
  });
});

describe("a workbook as Google Sheets writes it", () => {
  it("keeps rgb fills, merges, custom dates, filled empty cells and its default sizes", async () => {
    const document = await read(googleSheetsWorkbook());
    expect(document.snap.title).toBe("Sheet1");
    expect(at(document, 0, 0)).toMatchObject({ title: "Team board", colSpan: 3, color: "#fff2cc", bold: true, fontSize: "text-lg", textAlign: "center" });
    expect(at(document, 1, 2)).toMatchObject({ title: "2026-01-01", color: "#d9ead3", textAlign: "right", verticalAlign: "top" });
    // An empty cell with a fill is a card: a coloured block of the sheet.
    expect(at(document, 2, 0)).toMatchObject({ title: "", color: "#d9ead3" });
    expect(document.snap.colWidths).toMatchObject({ "0": 145, "1": 93, "2": 93 });
    expect(document.snap.rowHeights).toMatchObject({ "0": 21, "1": 21, "2": 21 });
  });
});

describe("tints", () => {
  it("lightens and darkens in HLS as Excel's palette shows its shades", () => {
    // Excel's "Blue, Accent 1" (4472C4): Lighter 40%, Lighter 60%, Darker 25%; "Orange, Accent 2", Lighter 80%.
    expect(applyTint("4472C4", 0.3999755851924192)).toBe("8FAADC");
    expect(applyTint("4472C4", 0.5999938962981048)).toBe("B4C7E7");
    expect(applyTint("4472C4", -0.249977111117893)).toBe("2F5597");
    expect(applyTint("ED7D31", 0.7999816888943144)).toBe("FBE5D6");
    expect(applyTint("4472C4", 0)).toBe("4472C4");
  });
});
