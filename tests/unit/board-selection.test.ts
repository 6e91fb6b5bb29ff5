import { describe, expect, it } from "vitest";
import { cardIndex } from "@/components/board/grid/card-index";
import { blankCard } from "@/components/board/grid/grid-plans";
import { planDuplicate, planGroupMove, planInsertTrack, planPasteCards, planPasteTable, planReshape } from "@/components/board/grid/group-plans";
import { groupCardChanges } from "@/components/board/live/card-changes";
import { applyChanges, invertChanges } from "@/components/board/state/board-changes";
import type { BoardCard, BoardDoc } from "@/components/board/state/board-types";
import { extendByStep, extendTo, rangeSelection, selectAll, selectedCardIds, toggleCard } from "@/components/board/state/selection-model";
import { boardSnap } from "./board-fixtures";

/** A card's fields without its id, as the clipboard and a create carry them. */
function withoutId<T extends { id?: unknown }>(card: T): Omit<T, "id"> {
  const fields: Partial<T> = { ...card };
  delete fields.id;
  return fields as Omit<T, "id">;
}

const card = (id: string, row: number, col: number, fields: Partial<BoardCard> = {}): BoardCard => ({ ...blankCard(id, row, col), ...fields });
const doc = (cards: BoardCard[]): BoardDoc => ({ snap: boardSnap(), cards, lines: [] });
const ids = () => {
  let next = 0;
  return () => `n${(next += 1)}`;
};

describe("selecting several cards", () => {
  // a b .      (c spans two rows)
  // d c c
  // . c c
  const cards = [card("a", 0, 0), card("b", 0, 1), card("d", 1, 0), card("c", 1, 1, { rowSpan: 2, colSpan: 2 })];
  const byId = cardIndex(cards);

  it("Shift+click selects the rectangle between, grown over the spanning card it touches", () => {
    const selection = extendTo({ kind: "card", id: "a" }, cards, byId, byId.get("b")!);
    expect(selection).toEqual({ kind: "cards", ids: ["a", "b"], anchor: { row: 0, col: 0 }, head: { row: 0, col: 1 } });
    const grown = rangeSelection(cards, { row: 0, col: 0 }, { row: 1, col: 1 });
    expect(selectedCardIds(grown)).toEqual(["a", "b", "d", "c"]);
    // Nothing in the rectangle: the anchor's cell; one card: that card.
    expect(rangeSelection(cards, { row: 0, col: 2 }, { row: 0, col: 2 })).toEqual({ kind: "cell", row: 0, col: 2 });
    expect(rangeSelection(cards, { row: 2, col: 2 }, { row: 2, col: 2 })).toEqual({ kind: "card", id: "c" });
  });

  it("Ctrl+click adds and removes one card; Shift+arrows move the rectangle's head inside the grid; Ctrl+A takes all", () => {
    let selection = toggleCard({ kind: "card", id: "a" }, byId, byId.get("c")!);
    expect(selectedCardIds(selection)).toEqual(["a", "c"]);
    selection = toggleCard(selection, byId, byId.get("a")!);
    expect(selection).toEqual({ kind: "card", id: "c" });
    expect(toggleCard(selection, byId, byId.get("c")!)).toBeNull();

    const down = extendByStep({ kind: "card", id: "a" }, cards, byId, { dRow: 1, dCol: 0 }, { rows: 3, cols: 3 });
    expect(selectedCardIds(down)).toEqual(["a", "d"]);
    const far = extendByStep(down, cards, byId, { dRow: 5, dCol: 5 }, { rows: 3, cols: 3 });
    expect(far).toMatchObject({ kind: "cards", head: { row: 2, col: 2 } });
    expect(selectAll(cards, { rows: 3, cols: 3 })).toEqual({ kind: "cards", ids: ["a", "b", "d", "c"], anchor: { row: 0, col: 0 }, head: { row: 2, col: 2 } });
  });
});

describe("plans over several cards", () => {
  it("moves a group as one change, absorbing blank cards, refusing a card with content by name; undo puts it back", () => {
    const board = doc([card("a", 0, 0, { title: "A" }), card("b", 0, 1, { title: "B" }), card("blank", 1, 1), card("x", 1, 2, { title: "Busy" })]);
    const moved = planGroupMove(board, ["a", "b"], { dRow: 1, dCol: 0 });
    if ("error" in moved) throw new Error(moved.error);
    const after = applyChanges(board, moved.changes);
    expect(after.cards.map(({ id, row, col }) => [id, row, col])).toEqual([
      ["a", 1, 0],
      ["b", 1, 1],
      ["x", 1, 2],
    ]);
    expect(applyChanges(after, invertChanges(moved.changes)).cards).toEqual(expect.arrayContaining(board.cards));
    expect(planGroupMove(board, ["a", "b"], { dRow: 1, dCol: 1 })).toEqual({
      error: "The card at row 2, column 3 (“Busy”) is in the way. Move it first, or pick an empty spot.",
    });
    expect(planGroupMove(board, ["a", "b"], { dRow: -1, dCol: 0 })).toEqual({ error: "The selection cannot move past the edge of the board." });
  });

  it("pastes cards at a cell with their spans, and lists the cards with content it replaces", () => {
    const board = doc([card("old", 5, 5, { title: "Keep?" }), card("blank", 5, 6)]);
    const plan = planPasteCards(
      board,
      {
        cards: [{ ...card("_", 0, 0, { title: "P", colSpan: 2 }) }, { ...card("_", 1, 0, { title: "Q" }) }].map(withoutId),
        lines: [{ from: 0, to: 1, color: "#64748b", style: "solid", arrow: "end" }],
      },
      { row: 5, col: 5 },
      ids(),
    );
    if ("error" in plan) throw new Error(plan.error);
    expect(plan.replaced.map((replaced) => replaced.id)).toEqual(["old"]);
    expect(plan.range).toEqual({ row: 5, col: 5, rowSpan: 2, colSpan: 2 });
    const after = applyChanges(board, plan.changes);
    expect(after.cards.map(({ id, row, col, colSpan, title }) => [id, row, col, colSpan, title])).toEqual([
      ["n1", 5, 5, 2, "P"],
      ["n2", 6, 5, 1, "Q"],
    ]);
    expect(after.lines).toEqual([{ id: "n3", fromCardId: "n1", toCardId: "n2", color: "#64748b", style: "solid", arrow: "end" }]);
  });

  it("pastes a table: a card's top-left cell takes the text, empty cells get cards, null cells are left alone", () => {
    const board = doc([card("t", 0, 0, { title: "old" }), card("wide", 0, 1, { colSpan: 2, title: "W" })]);
    const plan = planPasteTable(
      board,
      [
        ["new", "w2", "inside"],
        ["x", null, ""],
      ],
      { row: 0, col: 0 },
      ids(),
    );
    if ("error" in plan) throw new Error(plan.error);
    expect(plan.replaced.map((replaced) => replaced.id)).toEqual(["t", "wide"]);
    const after = applyChanges(board, plan.changes);
    expect(after.cards.map(({ id, row, col, title }) => [id, row, col, title])).toEqual([
      ["t", 0, 0, "new"],
      ["wide", 0, 1, "w2"],
      ["n1", 1, 0, "x"],
    ]);
    expect(planPasteTable(board, [["a"]], { row: 999, col: 1000 }, ids())).toEqual({
      error: "The paste would reach past row or column 1,000, the edge of a board.",
    });
  });

  it("duplicates into the nearest free cells, right of the selection first, replacing only blank cards", () => {
    const board = doc([card("a", 0, 0, { title: "A" }), card("b", 0, 1, { title: "B" }), card("blank", 0, 2), card("busy", 0, 3, { title: "Z" })]);
    const plan = planDuplicate(board, ["a", "b"], ids());
    if ("error" in plan) throw new Error(plan.error);
    // Right of it is blocked by "busy": below it is free.
    expect(plan.range).toEqual({ row: 1, col: 0, rowSpan: 1, colSpan: 2 });
    const single = planDuplicate(board, ["busy"], ids());
    if ("error" in single) throw new Error(single.error);
    expect(single.range).toEqual({ row: 0, col: 4, rowSpan: 1, colSpan: 1 });
  });

  it("inserts a row: cards below move down, a card across it grows, the new row gets blank cards and sized rows keep their size", () => {
    const board = { ...doc([card("top", 0, 0), card("tall", 0, 1, { rowSpan: 2 }), card("below", 1, 0)]), snap: { ...boardSnap(), rowHeights: { "1": 200 } } };
    const plan = planInsertTrack(board, "row", 1, ids());
    if ("error" in plan) throw new Error(plan.error);
    const after = applyChanges(board, plan.changes);
    expect(after.cards.map(({ id, row, col, rowSpan }) => [id, row, col, rowSpan])).toEqual([
      ["top", 0, 0, 1],
      ["tall", 0, 1, 3],
      ["below", 2, 0, 1],
      ["n1", 1, 0, 1],
    ]);
    expect(after.snap.rowHeights).toEqual({ "2": 200 });
  });

  it("resizes from the top-left corner, absorbing a blank card and stopping at a card with content", () => {
    const board = doc([card("c", 2, 2), card("blank", 1, 1), card("busy", 1, 3, { title: "B" })]);
    const plan = planReshape(board, "c", { row: 1, col: 1, rowSpan: 2, colSpan: 2 });
    if ("error" in plan) throw new Error(plan.error);
    expect(applyChanges(board, plan.changes).cards.map(({ id, row, col, rowSpan, colSpan }) => [id, row, col, rowSpan, colSpan])).toEqual([
      ["c", 1, 1, 2, 2],
      ["busy", 1, 3, 1, 1],
    ]);
    expect(planReshape(board, "c", { row: 1, col: 2, rowSpan: 2, colSpan: 2 })).toEqual({
      error: "The card at row 2, column 4 (“B”) is in the way. Move it first.",
    });
  });

  it("sends a gesture over several cards as one group, merged per card", () => {
    const a = card("a", 0, 0);
    const b = card("b", 0, 1);
    const n = card("n", 3, 3);
    // One card is a change too (docs/SAVING.md); only a gesture touching no card has none.
    expect(groupCardChanges([{ type: "updateCards", updates: [{ id: "a", before: { title: "" }, after: { title: "x" } }] }])).toEqual({
      creates: [],
      updates: [{ id: "a", before: { title: "" }, after: { title: "x" } }],
      deletes: [],
      lines: [],
    });
    expect(groupCardChanges([{ type: "updateSnap", before: { title: "A" }, after: { title: "B" } }])).toBeNull();
    const group = groupCardChanges([
      { type: "deleteCards", cards: [b], lines: [] },
      { type: "createCards", cards: [n], lines: [] },
      {
        type: "updateCards",
        updates: [
          { id: "n", before: { row: 3 }, after: { row: 4 } },
          { id: "a", before: { col: 0 }, after: { col: 1 } },
        ],
      },
      { type: "updateCards", updates: [{ id: "a", before: { title: "" }, after: { title: "t" } }] },
    ]);
    expect(group).toEqual({
      creates: [{ ...n, row: 4 }],
      updates: [{ id: "a", before: { col: 0, title: "" }, after: { col: 1, title: "t" } }],
      deletes: [b],
      lines: [],
    });
    void a;
  });
});
