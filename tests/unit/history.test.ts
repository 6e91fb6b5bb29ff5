import { describe, expect, it } from "vitest";
import type { CardView } from "@/lib/board-model/card-selects";
import { cardsToName, summarizeHistoryChange } from "@/lib/history/describe-history-change";
import { rebuildSnapVersion } from "@/lib/history/rebuild-snap-version";
import type { SnapDetail } from "@/lib/board-model/find-snap-detail";

const card = (id: string, row: number, col: number, title = ""): CardView =>
  ({ id, snapId: "s", row, col, rowSpan: 1, colSpan: 1, color: "", title }) as unknown as CardView;
const line = (id: string, fromCardId: string, toCardId: string) => ({
  id,
  snapId: "s",
  fromCardId,
  toCardId,
  color: "#64748b",
  style: "solid" as const,
  arrow: "end" as const,
});

const base = {
  id: "s",
  title: "T",
  version: 3,
  updatedAt: new Date("2026-01-01T00:00:00.000Z"),
  cards: [card("a", 0, 0), card("b", 0, 1)],
  lines: [line("l1", "a", "b")],
} as unknown as SnapDetail;

describe("rebuildSnapVersion", () => {
  it("applies each later step's new values in order, in grid and creation order", () => {
    const at = (version: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, version));
    const rebuilt = rebuildSnapVersion(base, [
      { version: 3, occurredAt: at(3), change: { createdCards: [card("zz", 9, 9)] } },
      { version: 4, occurredAt: at(4), change: { updatedCards: { b: { row: 2, title: "moved" } }, snap: { title: "U", nope: 1 } } },
      { version: 5, occurredAt: at(5), change: { createdCards: [card("c", 1, 0)], createdLines: [line("l3", "b", "c"), line("l2", "a", "c")] } },
      { version: 6, occurredAt: at(6), change: { deletedCardIds: ["a"], deletedLineIds: ["l1", "l2"] } },
    ]);
    expect(rebuilt.version).toBe(6);
    expect(rebuilt.updatedAt).toEqual(at(6));
    expect(rebuilt.title).toBe("U");
    expect("nope" in rebuilt).toBe(false);
    expect(rebuilt.cards.map((c) => [c.id, c.row, c.title])).toEqual([
      ["c", 1, ""],
      ["b", 2, "moved"],
    ]);
    expect(rebuilt.lines.map((l) => l.id)).toEqual(["l3"]);
    // The snapshot itself is not changed.
    expect(base.cards.map((c) => c.row)).toEqual([0, 0]);
  });
});

describe("history changes and summaries", () => {
  it("says what happened in a short sentence", () => {
    expect(summarizeHistoryChange({ updatedCards: { a: { row: 1 }, b: { col: 2 }, c: { row: 0, col: 0 } } })).toBe("Moved 3 cards");
    expect(summarizeHistoryChange({ snap: { title: "New" } })).toBe("Renamed the snap");
    expect(summarizeHistoryChange({ restoredFrom: 12, createdCards: [card("a", 0, 0)] })).toBe("Restored version 12");
    expect(summarizeHistoryChange({ createdCards: [card("a", 0, 0)], updatedCards: { b: { color: "#fff" } }, deletedLineIds: ["l"] })).toBe(
      "Added a card, restyled a card and deleted a line",
    );
    expect(summarizeHistoryChange({ deletedCardIds: ["a"], deletedLineIds: ["l"] })).toBe("Deleted a card");
    expect(summarizeHistoryChange({ snap: { folderId: null, folder: null } })).toBe("Took the snap out of its folder");
    expect(summarizeHistoryChange({ snap: { isPublic: true, shareToken: "t" } })).toBe("Changed sharing");
  });

  it("names up to three cards of a kind by their titles, counting more or untitled ones", () => {
    const titles = new Map([
      ["a", "Venue\nthe long note"],
      ["b", "Budget"],
      ["c", "x".repeat(60)],
      ["d", ""],
    ]);
    const titleOf = (id: string) => titles.get(id);
    expect(summarizeHistoryChange({ updatedCards: { a: { title: "Venue" } } }, titleOf)).toBe("Edited the text of “Venue”");
    expect(summarizeHistoryChange({ updatedCards: { a: { row: 1 }, b: { row: 2 }, c: { row: 3 } } }, titleOf)).toBe(
      `Moved “Venue”, “Budget” and “${"x".repeat(39)}…”`,
    );
    expect(summarizeHistoryChange({ updatedCards: { a: { row: 1 }, b: { row: 2 }, c: { row: 3 }, e: { row: 4 } } }, titleOf)).toBe("Moved 4 cards");
    expect(summarizeHistoryChange({ updatedCards: { a: { row: 1 }, d: { row: 2 } } }, titleOf)).toBe("Moved 2 cards");
    expect(summarizeHistoryChange({ createdCards: [card("b", 0, 0)], deletedCardIds: ["gone"] }, titleOf)).toBe("Added “Budget” and deleted a card");
    expect(summarizeHistoryChange({ createdCards: [card("a", 0, 0), card("b", 0, 1)], deletedCardIds: ["gone"] }, titleOf)).toBe(
      "Added 2 cards and deleted a card",
    );
    expect(summarizeHistoryChange({ createdCards: [card("b", 0, 0)], updatedCards: { a: { title: "V" } } }, titleOf)).toBe(
      "Added “Budget” and edited the text of “Venue”",
    );
    expect(cardsToName({ updatedCards: { a: {}, b: {}, c: {}, e: {} }, deletedCardIds: ["gone"] })).toEqual(["gone"]);
  });
});
