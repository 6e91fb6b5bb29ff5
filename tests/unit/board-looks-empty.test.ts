import { describe, expect, it } from "vitest";
import { blankCard } from "@/components/board/grid/grid-plans";
import { cardsWithContent, looksEmpty } from "@/components/board/grid/looks-empty";
import type { BoardCard } from "@/components/board/state/board-types";

const card = (fields: Partial<BoardCard> = {}): BoardCard => ({ ...blankCard("a", 0, 0), ...fields });

describe("a card that looks like an empty cell", () => {
  it("is a new board's card: no text, every field at its default, no files, no comments", () => {
    expect(looksEmpty(card())).toBe(true);
    expect(looksEmpty(card({ title: "  " }))).toBe(true);
    expect(looksEmpty(card({ row: 40, col: 7 }))).toBe(true);
  });

  it("is not when anything about it shows or would be lost", () => {
    for (const fields of [
      { title: "x" },
      { note: "n" },
      { cellType: "todo" },
      { color: "#fee2e2" },
      { bold: true },
      { textAlign: "center" as const },
      { borderSize: 0 },
      { locked: true },
      { colSpan: 2 },
      { attachments: [{ id: "f1", name: "a.pdf", contentType: "application/pdf", size: 1 }] },
    ]) {
      expect(looksEmpty(card(fields)), JSON.stringify(fields)).toBe(false);
    }
    expect(looksEmpty(card(), 1)).toBe(false);
  });

  it("leaves the cards with content, by their comments too", () => {
    const cards = [card({ id: "blank" }), card({ id: "text", title: "Hi" }), card({ id: "talked" })];
    expect(cardsWithContent(cards, new Map([["talked", 2]])).map((each) => each.id)).toEqual(["text", "talked"]);
  });
});
