import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, documentedFetch } from "./helpers";
import { createTeam, ownedRowCounts, sql, type Team } from "./fixtures";
import { expectError } from "./card-fixtures";
import { buildZip } from "./zip-builder";
import { excelWorkbook, googleSheetsWorkbook } from "../fixtures/xlsx/workbooks";

let team: Team;
beforeAll(async () => {
  team = await createTeam();
});

const trelloExport = () => JSON.parse(readFileSync(new URL("../fixtures/trello/launch-board.json", import.meta.url), "utf8")) as Record<string, unknown>;

/** POST a file to an import route: raw bytes with a type, or multipart with a name. */
async function upload(
  format: "csv" | "xlsx",
  bytes: Buffer | string,
  options: { query?: string; type?: string; name?: string; headers?: Record<string, string> } = {},
) {
  const url = `${baseUrl}/api/snaps/import/${format}${options.query ? `?${options.query}` : ""}`;
  const data = typeof bytes === "string" ? Buffer.from(bytes) : bytes;
  let init: RequestInit;
  if (options.name) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(data)], { type: options.type ?? "application/octet-stream" }), options.name);
    init = { method: "POST", headers: { authorization: `Bearer ${team.owner.key}`, ...options.headers }, body: form };
  } else {
    init = {
      method: "POST",
      headers: { authorization: `Bearer ${team.owner.key}`, "content-type": options.type ?? "application/octet-stream", ...options.headers },
      body: new Uint8Array(data),
    };
  }
  const response = await documentedFetch(url, init);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

const cellsOf = (snap: { cards: { row: number; col: number; title: string }[] }) => snap.cards.map(({ row, col, title }) => `${row}:${col} ${title}`);

describe("POST /api/snaps/import/csv", () => {
  it("makes a card per non-empty field from CSV (BOM, CRLF, quoted fields) and TSV, titled after the file", async () => {
    const csv = await upload("csv", '\ufeffTask,Owner,Note\r\n"Ship, fast",Ada,"Said ""go""\r\ntoday"\r\n,,\r\n', { name: "Sprint 12.csv", type: "text/csv" });
    expect(csv.status).toBe(201);
    expect(csv.body.snap.title).toBe("Sprint 12");
    expect(cellsOf(csv.body.snap)).toEqual(["0:0 Task", "0:1 Owner", "0:2 Note", "1:0 Ship, fast", "1:1 Ada", '1:2 Said "go"\r\ntoday']);
    const tsv = await upload("csv", "a\tb\nc\td\n", { type: "text/tab-separated-values", query: "title=From%20TSV" });
    expect(tsv.status).toBe(201);
    expect(tsv.body.snap.title).toBe("From TSV");
    expect(cellsOf(tsv.body.snap)).toEqual(["0:0 a", "0:1 b", "1:0 c", "1:1 d"]);
  });

  it("previews with dryRun, writing nothing", async () => {
    const before = await ownedRowCounts([team.owner.id]);
    const dry = await upload("csv", "a;b;c\n1;2;3\n", { query: "dryRun=true" });
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({
      valid: true,
      summary: {
        rows: 2,
        cols: 3,
        cards: 6,
        lines: 0,
        title: "Imported CSV",
        preview: [
          ["a", "b", "c"],
          ["1", "2", "3"],
        ],
      },
    });
    expect(await ownedRowCounts([team.owner.id])).toEqual(before);
  });

  it("refuses bad input with 400 and each bound with 413 naming it and the field, writing nothing", async () => {
    const before = await ownedRowCounts([team.owner.id]);
    expectError(await upload("csv", 'a,"open\n'), 400, "BAD_REQUEST", ["row 1, column 2"]);
    expectError(await upload("csv", "x", { query: "delimiter=pipe" }), 400, "BAD_REQUEST", ["delimiter"]);
    const wide = await upload("csv", `${",".repeat(1_000)}x`);
    expectError(wide, 413, "PAYLOAD_TOO_LARGE", ["row 1, column 1001"]);
    expect(wide.body.error.message).toMatch(/at most 1000 columns/);
    const big = await upload("csv", Buffer.alloc(8_000_001, 0x61));
    expectError(big, 413, "PAYLOAD_TOO_LARGE", ["(body)"]);
    expect(big.body.error.message).toMatch(/A CSV file may have at most 8,000,000 bytes/);
    expect(await ownedRowCounts([team.owner.id])).toEqual(before);
  });

  it("makes one snap of an upload retried with the same Idempotency-Key", async () => {
    const headers = { "Idempotency-Key": `csv-${Date.now()}` };
    const first = await upload("csv", "only,once\n", { headers });
    const again = await upload("csv", "only,once\n", { headers });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.snap.id).toBe(first.body.snap.id);
  });
});

describe("POST /api/snaps/import/trello", () => {
  const post = (body: unknown, query = "", rawBody?: string) =>
    api("POST", `/api/snaps/import/trello${query}`, {
      key: team.owner.key,
      ...(rawBody === undefined ? { body } : { rawBody, headers: { "content-type": "application/json" } }),
    });

  it("makes the board's open lists columns with their cards, and its comments comments naming author and date", async () => {
    const answer = await post(trelloExport());
    expect(answer.status).toBe(201);
    expect(answer.body.snap.title).toBe("Website launch");
    expect(cellsOf(answer.body.snap)).toEqual([
      "0:0 Backlog",
      "0:1 Doing",
      "0:2 Done",
      "1:0 Write the press release",
      "1:1 Landing page copy",
      "1:2 Kick-off meeting",
      "2:0 Pick a domain",
    ]);
    const landing = answer.body.snap.cards.find((card: { title: string }) => card.title === "Landing page copy");
    expect(landing).toMatchObject({ color: "#dbeafe", note: expect.stringContaining("Sections:\n[x] Hero\n[ ] Pricing\n[ ] FAQ") });
    const { rows } = await sql().query(`SELECT "cardId", "authorId", body FROM "Comment" WHERE "snapId" = $1 ORDER BY id`, [answer.body.snap.id]);
    expect(rows).toEqual([
      { cardId: landing.id, authorId: team.owner.id, body: "Grace Hopper on Trello, 2026-03-02 09:30 UTC:\nFirst draft is in the brief." },
      { cardId: landing.id, authorId: team.owner.id, body: "Ada Lovelace on Trello, 2026-03-04 16:20 UTC:\nPricing waits for finance." },
    ]);
    const archived = await post(trelloExport(), "?archived=true&dryRun=true");
    expect(archived.status).toBe(200);
    expect(archived.body.summary).toMatchObject({
      cards: 10,
      title: "Website launch",
      preview: [["Backlog", "Doing", "Done", "Old ideas"], expect.any(Array), expect.any(Array), expect.any(Array)],
    });
  });

  it("says so when the body is not JSON or not a Trello board export, writing nothing", async () => {
    const before = await ownedRowCounts([team.owner.id]);
    const notJson = await post(undefined, "", "{ not json");
    expectError(notJson, 400, "BAD_REQUEST", ["(body)"]);
    expect(notJson.body.error.message).toMatch(/not valid JSON/);
    const notTrello = await post({ format: "snap-board", formatVersion: 1 });
    expectError(notTrello, 400, "BAD_REQUEST");
    expect(notTrello.body.error.message).toMatch(/^Not a Trello board export/);
    const badCard = trelloExport();
    (badCard.cards as { name: unknown }[])[2]!.name = { evil: true };
    expectError(await post(badCard), 400, "BAD_REQUEST", ["cards[2].name"]);
    const manyLists = { ...trelloExport(), lists: Array.from({ length: 1_001 }, (_, index) => ({ id: `l${index}`, name: `List ${index}`, pos: index })) };
    const wide = await post(manyLists);
    expectError(wide, 413, "PAYLOAD_TOO_LARGE", ["lists"]);
    expect(await ownedRowCounts([team.owner.id])).toEqual(before);
  });
});

describe("POST /api/snaps/import/xlsx and GET /api/snaps/:id/export?format=xlsx", () => {
  it("imports a workbook as Excel writes it, its first sheet or one by name or index", async () => {
    const answer = await upload("xlsx", excelWorkbook(), { name: "Q3 plan.xlsx" });
    expect(answer.status).toBe(201);
    const snap = answer.body.snap;
    expect(snap.title).toBe("Q3 plan");
    expect(snap.cards.find((card: { row: number; col: number }) => card.row === 0 && card.col === 0)).toMatchObject({
      title: "Quarterly plan",
      rowSpan: 2,
      colSpan: 4,
      color: "#4472c4",
      bold: true,
    });
    expect(cellsOf(snap)).toContain("2:1 $1,234.50");
    expect(cellsOf(snap)).toContain("2:3 25.00%");
    expect(snap.cards.find((card: { cellType: string }) => card.cellType === "link")).toMatchObject({ title: "https://example.com/docs", note: "Docs" });
    // A retried upload with the same Idempotency-Key is one import: the workbook's bytes pass through the key's check unchanged.
    const headers = { "Idempotency-Key": `xlsx-${Date.now()}` };
    const first = await upload("xlsx", excelWorkbook(), { headers });
    const retried = await upload("xlsx", excelWorkbook(), { headers });
    expect([first.status, retried.status, retried.headers.get("idempotent-replayed")]).toEqual([201, 201, "true"]);
    expect(retried.body.snap.id).toBe(first.body.snap.id);
    const second = await upload("xlsx", excelWorkbook(), { query: "sheet=2" });
    expect(cellsOf(second.body.snap)).toEqual(["1:2 Only on Sheet2"]);
    expect(second.body.snap.title).toBe("Notes");
    const google = await upload("xlsx", googleSheetsWorkbook(), { query: "dryRun=true" });
    expect(google.body).toMatchObject({
      valid: true,
      summary: {
        title: "Sheet1",
        cards: 6,
        preview: [
          ["Team board", "", ""],
          ["Owner", "Ada", "2026-01-01"],
          ["", "Green", ""],
        ],
      },
    });
  });

  it("refuses hostile workbooks before reading them: zip bombs, too many or too large entries, cells past the grid", async () => {
    const before = await ownedRowCounts([team.owner.id]);
    const workbookWith = (sheet: string, extra: { name: string; data: string | Buffer; deflate?: boolean; declaredSize?: number }[] = []) =>
      buildZip([
        { name: "xl/workbook.xml", data: '<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>' },
        { name: "xl/_rels/workbook.xml.rels", data: '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>' },
        { name: "xl/worksheets/sheet1.xml", data: sheet, deflate: true },
        ...extra,
      ]);
    const refusals: [string, Buffer, number, string, RegExp][] = [
      ["not a zip", Buffer.from("PK but not a workbook"), 400, "(archive)", /Not a readable workbook/],
      ["a zip without a workbook", buildZip([{ name: "snap.json", data: "{}" }]), 400, "(body)", /no xl\/workbook\.xml/],
      [
        "a zip bomb",
        workbookWith("<worksheet/>", [{ name: "xl/sharedStrings.xml", data: " ".repeat(2_000_000), deflate: true }]),
        400,
        "xl/sharedStrings.xml",
        /zip bomb/,
      ],
      [
        "a part declared past its bound",
        workbookWith("<worksheet/>", [{ name: "xl/styles.xml", data: "x", deflate: true, declaredSize: 50_000_001 }]),
        413,
        "xl/styles.xml",
        /unpacks to 50,000,001 bytes/,
      ],
      [
        "too many entries",
        workbookWith(
          "<worksheet/>",
          Array.from({ length: 2_000 }, (_, index) => ({ name: `xl/media/image${index}.png`, data: "x" })),
        ),
        400,
        "(archive)",
        /at most 2,000 entries/,
      ],
      [
        "a value past row 1000",
        workbookWith('<worksheet><sheetData><row r="1048576"><c r="A1048576" t="inlineStr"><is><t>far</t></is></c></row></sheetData></worksheet>'),
        413,
        "row 1048576, column 1",
        /at most 1000 rows/,
      ],
      [
        "a value past column 1000",
        workbookWith('<worksheet><sheetData><row r="1"><c r="XFD1"><v>1</v></c></row></sheetData></worksheet>'),
        413,
        "row 1, column 16384",
        /at most 1000 columns/,
      ],
      [
        "more cells than a board's cards",
        workbookWith(
          `<worksheet><sheetData>${Array.from({ length: 201 }, (_, row) => `<row r="${row + 1}">${Array.from({ length: 100 }, (_, col) => `<c r="${String.fromCharCode(65 + Math.floor(col / 26)) + String.fromCharCode(65 + (col % 26))}${row + 1}"><v>1</v></c>`).join("")}</row>`).join("")}</sheetData></worksheet>`,
        ),
        413,
        "row 201, column 27",
        /at most 20,000 cards/,
      ],
      ["a sheet that names no sheet", workbookWith("<worksheet/>"), 400, "sheet", /No sheet "9"/],
    ];
    for (const [what, bytes, status, path, message] of refusals) {
      const answer = await upload("xlsx", bytes, what === "a sheet that names no sheet" ? { query: "sheet=9" } : {});
      expect({ what, status: answer.status, path: answer.body.error?.details?.[0]?.path }).toEqual({ what, status, path });
      expect(answer.body.error.message, what).toMatch(message);
    }
    const tooBig = await upload("xlsx", Buffer.alloc(20_000_001));
    expectError(tooBig, 413, "PAYLOAD_TOO_LARGE", ["(body)"]);
    expect(await ownedRowCounts([team.owner.id])).toEqual(before);
  });

  it("a board goes out as .xlsx and back unchanged in what both hold", async () => {
    const document = {
      format: "snap-board",
      formatVersion: 1,
      snap: { title: "Round trip", rows: 4, cols: 4, rowHeights: { "1": 60 }, colWidths: { "0": 320 } },
      cards: [
        {
          key: "a",
          row: 0,
          col: 0,
          colSpan: 3,
          title: "Header",
          bold: true,
          color: "#4472c4",
          textAlign: "center",
          verticalAlign: "middle",
          fontSize: "text-2xl",
        },
        { key: "b", row: 1, col: 0, title: "=1+1 is text", italic: true, underline: true },
        { key: "c", row: 1, col: 1, rowSpan: 2, colSpan: 2, title: "Merged\nline two", color: "#fef9c3" },
        { key: "d", row: 3, col: 0, title: "Done thing", cellType: "todo", completed: true },
        { key: "e", row: 3, col: 1, title: "https://example.com/a?b=1&c=2", cellType: "link" },
        { key: "f", row: 3, col: 3, title: "", color: "#22c55e" },
      ],
    };
    const imported = await api("POST", "/api/snaps/import", { key: team.owner.key, body: document });
    expect(imported.status).toBe(201);
    const exported = await documentedFetch(`${baseUrl}/api/snaps/${imported.body.snap.id}/export?format=xlsx`, {
      headers: { authorization: `Bearer ${team.owner.key}` },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(exported.headers.get("content-disposition")).toBe('attachment; filename="round-trip.xlsx"');
    const back = await upload("xlsx", Buffer.from(await exported.arrayBuffer()));
    expect(back.status).toBe(201);
    const held = (cards: Record<string, unknown>[]) =>
      cards.map(({ row, col, rowSpan, colSpan, title, cellType, completed, color, bold, italic, underline, fontSize, textAlign, verticalAlign }) => ({
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
      }));
    expect(back.body.snap).toMatchObject({ title: "Round trip", rowHeights: { "1": 60 }, colWidths: { "0": 320 } });
    expect(held(back.body.snap.cards)).toEqual(held(imported.body.snap.cards));
  });

  it("export=xlsx needs read access", async () => {
    const imported = await api("POST", "/api/snaps/import", {
      key: team.owner.key,
      body: { format: "snap-board", formatVersion: 1, snap: { title: "Private", rows: 1, cols: 1 }, cards: [] },
    });
    const outsider = await createTeam();
    const answer = await api("GET", `/api/snaps/${imported.body.snap.id}/export?format=xlsx`, { key: outsider.owner.key });
    expect([403, 404]).toContain(answer.status);
  });
});

describe("MCP import_snap with other formats", () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: "snap-board-tests", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${team.owner.key}` } } }),
    );
  });
  afterAll(() => client?.close());

  it("imports CSV, Trello and base64 .xlsx content by the routes' own functions", async () => {
    const call = async (args: Record<string, unknown>) => (await client.callTool({ name: "import_snap", arguments: args })) as CallToolResult;
    const csv = (await call({ format: "csv", content: "a,b\n", title: "From an agent" })).structuredContent as any;
    expect(csv.snap).toMatchObject({ title: "From an agent", cards: [expect.objectContaining({ title: "a" }), expect.objectContaining({ title: "b" })] });
    const trello = (await call({ format: "trello", content: JSON.stringify(trelloExport()), dryRun: true })).structuredContent as any;
    expect(trello).toMatchObject({ valid: true, summary: { title: "Website launch", cards: 7 } });
    const xlsx = (await call({ format: "xlsx", content: excelWorkbook().toString("base64"), sheet: "Notes" })).structuredContent as any;
    expect(xlsx.snap.title).toBe("Notes");
    const missing = await call({ format: "csv" });
    expect(missing.isError).toBe(true);
    expect(JSON.parse((missing.content[0] as { text: string }).text).error.details).toEqual([{ path: "content", message: "Required for format csv" }]);
  });
});
