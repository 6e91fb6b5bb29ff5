import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { csvDocument } from "@/lib/transfer/formats/import-csv";
import { readDelimited, sniffDelimiter } from "@/lib/transfer/formats/read-delimited";
import { trelloToBoard } from "@/lib/transfer/formats/trello-to-board";
import { parseTrelloBoard } from "@/lib/transfer/formats/trello-schemas";

const trelloExport = () => JSON.parse(readFileSync(new URL("../fixtures/trello/launch-board.json", import.meta.url), "utf8")) as unknown;

describe("CSV and TSV", () => {
  it("reads a BOM, CRLF, and quoted fields holding delimiters, quotes and line breaks", () => {
    const text = '\ufeffName,Note,Owner\r\n"Smith, Ada","She said ""hi""\r\nthen left",\r\n,,Grace\r\n';
    expect(readDelimited(text, ",")).toEqual([
      { row: 0, col: 0, text: "Name" },
      { row: 0, col: 1, text: "Note" },
      { row: 0, col: 2, text: "Owner" },
      { row: 1, col: 0, text: "Smith, Ada" },
      { row: 1, col: 1, text: 'She said "hi"\r\nthen left' },
      { row: 2, col: 2, text: "Grace" },
    ]);
  });

  it("takes tabs, semicolons, LF and CR alike", () => {
    expect(readDelimited("a\tb\nc\td", "\t").map((cell) => cell.text)).toEqual(["a", "b", "c", "d"]);
    expect(readDelimited("a;b\rc", ";")).toEqual([
      { row: 0, col: 0, text: "a" },
      { row: 0, col: 1, text: "b" },
      { row: 1, col: 0, text: "c" },
    ]);
    expect(sniffDelimiter("a\tb,c\td")).toBe("\t");
    expect(sniffDelimiter("a;b;c,d")).toBe(";");
    expect(sniffDelimiter('"x;y;z",b')).toBe(",");
    expect(sniffDelimiter("a,b", { name: "board.tsv" })).toBe("\t");
    expect(sniffDelimiter("a,b", { contentType: "text/tab-separated-values" })).toBe("\t");
  });

  it("refuses an unclosed quote with 400 and each bound with 413 naming the first field past it", () => {
    expect(() => readDelimited('a,"never closed\n', ",")).toThrow(
      expect.objectContaining({ code: "BAD_REQUEST", details: [{ path: "row 1, column 2", message: "Unclosed quote" }] }),
    );
    expect(() => readDelimited(`${",".repeat(1_000)}x`, ",")).toThrow(
      expect.objectContaining({ code: "PAYLOAD_TOO_LARGE", details: [expect.objectContaining({ path: "row 1, column 1001" })] }),
    );
    expect(() => readDelimited(`${"\n".repeat(1_000)}x`, ",")).toThrow(
      expect.objectContaining({ code: "PAYLOAD_TOO_LARGE", details: [expect.objectContaining({ path: "row 1001, column 1" })] }),
    );
    const many = Array.from({ length: 201 }, () => Array.from({ length: 100 }, () => "x").join(",")).join("\n");
    expect(() => readDelimited(many, ",")).toThrow(
      expect.objectContaining({ code: "PAYLOAD_TOO_LARGE", message: expect.stringMatching(/at most 20,000 cards/) }),
    );
    expect(() => readDelimited("x".repeat(10_001), ",")).toThrow(expect.objectContaining({ code: "PAYLOAD_TOO_LARGE" }));
    // A million empty fields cost their bytes, no cards.
    expect(readDelimited(",".repeat(1_000_000), ",")).toEqual([]);
  });

  it("makes a board of the fields, titled after the file", () => {
    const document = csvDocument("Task,Owner\r\nShip,Ada\r\n", { name: "sprint.csv" });
    expect(document.snap).toMatchObject({ title: "sprint", rows: 2, cols: 2 });
    expect(document.cards.map(({ key, row, col, title }) => ({ key, row, col, title }))).toEqual([
      { key: "c1", row: 0, col: 0, title: "Task" },
      { key: "c2", row: 0, col: 1, title: "Owner" },
      { key: "c3", row: 1, col: 0, title: "Ship" },
      { key: "c4", row: 1, col: 1, title: "Ada" },
    ]);
  });
});

describe("a Trello board export", () => {
  it("makes a column per open list in Trello's order, headed by its name, its open cards below in order", () => {
    const { document } = trelloToBoard(parseTrelloBoard(trelloExport()), { archived: false });
    expect(document.snap.title).toBe("Website launch");
    const grid = document.cards.map(({ row, col, title }) => `${row}:${col} ${title}`);
    expect(grid).toEqual([
      "0:0 Backlog",
      "0:1 Doing",
      "0:2 Done",
      "1:0 Write the press release",
      "1:1 Landing page copy",
      "1:2 Kick-off meeting",
      "2:0 Pick a domain",
    ]);
    expect(document.cards.find((card) => card.title === "Backlog")).toMatchObject({ bold: true, color: "#f1f5f9" });
  });

  it("keeps a card's description, labels, dates, checklist, attachments and first coloured label", () => {
    const { document, comments } = trelloToBoard(parseTrelloBoard(trelloExport()), { archived: false });
    const card = document.cards.find((candidate) => candidate.title === "Landing page copy")!;
    // "Someday" has no colour: the first coloured label is Design (blue).
    expect(card.color).toBe("#dbeafe");
    expect(card.note).toBe(
      [
        "Hero, pricing and **FAQ** sections.",
        "Labels: Someday, Design, Urgent",
        "Start: 2026-03-01T09:00:00.000Z\nDue: 2026-03-10T17:00:00.000Z",
        "Sections:\n[x] Hero\n[ ] Pricing\n[ ] FAQ",
        "Attachments:\nbrief.pdf: https://trello.com/1/cards/65a1f0c2e4b0a1b2c3d4e801/attachments/65a1f0c2e4b0a1b2c3d4ea01/download/brief.pdf",
      ].join("\n\n"),
    );
    expect(document.cards.find((candidate) => candidate.title === "Kick-off meeting")!.note).toBe("Due: 2026-02-20T12:00:00.000Z (complete)");
    expect(document.cards.find((candidate) => candidate.title === "Pick a domain")!.color).toBe("#dcfce7");
    // Comments oldest first, on their card, naming the Trello author and date; none for left-out cards.
    expect(comments).toEqual([
      { cardKey: card.key, body: "Grace Hopper on Trello, 2026-03-02 09:30 UTC:\nFirst draft is in the brief." },
      { cardKey: card.key, body: "Ada Lovelace on Trello, 2026-03-04 16:20 UTC:\nPricing waits for finance." },
    ]);
  });

  it("brings archived lists and cards with archived=true, marked so", () => {
    const { document, comments } = trelloToBoard(parseTrelloBoard(trelloExport()), { archived: true });
    expect(document.cards.find((card) => card.title === "Old ideas")).toMatchObject({ row: 0, col: 3, note: "Archived in Trello." });
    expect(document.cards.find((card) => card.title === "Print flyers")).toMatchObject({ row: 3, col: 0, note: "We dropped this.\n\nArchived in Trello." });
    expect(comments).toHaveLength(3);
  });

  it("refuses what is not a Trello board export with the path of the first problem", () => {
    expect(() => parseTrelloBoard({ format: "snap-board" })).toThrow(
      expect.objectContaining({ code: "BAD_REQUEST", message: expect.stringMatching(/^Not a Trello board export/) }),
    );
    expect(() => parseTrelloBoard([])).toThrow(expect.objectContaining({ code: "BAD_REQUEST" }));
    const board = trelloExport() as { cards: { name: unknown }[] };
    board.cards[1]!.name = 42;
    expect(() => parseTrelloBoard(board)).toThrow(expect.objectContaining({ details: [expect.objectContaining({ path: "cards[1].name" })] }));
  });
});
