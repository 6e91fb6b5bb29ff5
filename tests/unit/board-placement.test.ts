import { describe, expect, it } from "vitest";
import { planAlign, planDistribute } from "@/components/board/grid/align-plans";
import { blankCard, planMove, planResize } from "@/components/board/grid/grid-plans";
import { planGroupDelete, planGroupMove, planPasteTable, planReshape } from "@/components/board/grid/group-plans";
import { clampDelta, landingOn, placeCards } from "@/components/board/grid/placement";
import { applyChanges } from "@/components/board/state/board-changes";
import type { BoardCard, BoardDoc } from "@/components/board/state/board-types";
import { boardSnap } from "./board-fixtures";

const card = (id: string, row: number, col: number, fields: Partial<BoardCard> = {}): BoardCard => ({ ...blankCard(id, row, col), ...fields });
const doc = (cards: BoardCard[]): BoardDoc => ({ snap: boardSnap(), cards, lines: [] });
const at = (board: BoardDoc, plan: ReturnType<typeof planAlign>) => {
  if ("error" in plan) throw new Error(plan.error);
  const after = applyChanges(board, plan.changes);
  return Object.fromEntries(after.cards.map((one) => [one.id, [one.row, one.col]]));
};

describe("the placement rule", () => {
  const busy = card("busy", 1, 1, { title: "Busy" });
  const blank = card("blank", 1, 2);
  const lockedBlank = card("lockedBlank", 1, 3, { locked: true });

  it("absorbs blank cards, refuses a card with content or a locked one, naming it", () => {
    const moving = card("m", 0, 0, { title: "M" });
    const cards = [moving, busy, blank, lockedBlank];
    expect(placeCards(cards, [{ card: moving, to: { row: 1, col: 2, rowSpan: 1, colSpan: 1 } }])).toEqual({ absorbed: [blank] });
    expect(placeCards(cards, [{ card: moving, to: { row: 1, col: 1, rowSpan: 1, colSpan: 1 } }])).toEqual({
      error: "The card at row 2, column 2 (“Busy”) is in the way. Move it first.",
    });
    expect(placeCards(cards, [{ card: moving, to: { row: 1, col: 3, rowSpan: 1, colSpan: 1 } }])).toEqual({
      error: "The card at row 2, column 4 is locked. Unlock it first.",
    });
  });

  it("keeps cards inside their bounds and off each other, and a locked card where it is", () => {
    const a = card("a", 0, 0);
    const b = card("b", 0, 2);
    expect(placeCards([a, b], [{ card: a, to: { row: 0, col: 3, rowSpan: 1, colSpan: 1 } }], { bounds: { rows: 3, cols: 3 } })).toEqual({
      error: "The cards cannot move past the edge of the board.",
    });
    expect(
      placeCards(
        [a, b],
        [
          { card: a, to: { row: 0, col: 1, rowSpan: 1, colSpan: 1 } },
          { card: b, to: { row: 0, col: 1, rowSpan: 1, colSpan: 1 } },
        ],
      ),
    ).toEqual({ error: "The cards would overlap: the card at row 1, column 3 would land on the one at row 1, column 2." });
    const locked = card("l", 0, 0, { locked: true });
    expect(placeCards([locked], [{ card: locked, to: { row: 0, col: 1, rowSpan: 1, colSpan: 1 } }])).toEqual({
      error: "The card at row 1, column 1 is locked. Unlock it first.",
    });
  });

  it("is what the drop preview asks (the drawn grid's cells) and what the plans ask", () => {
    const grid: (BoardCard | undefined)[][] = [[undefined, busy, blank]];
    const cellAt = (row: number, col: number) => grid[row]?.[col];
    expect(landingOn({ row: 0, col: 1, rowSpan: 1, colSpan: 2 }, cellAt, new Set()).blocker).toBe(busy);
    expect(landingOn({ row: 0, col: 1, rowSpan: 1, colSpan: 2 }, cellAt, new Set(["busy"])).blocker).toBeNull();
    // A drag's limit and a plan's are the same clamp.
    expect(clampDelta({ row: 1, col: 1, rowSpan: 2, colSpan: 1 }, { dRow: 5, dCol: -5 }, { rows: 4, cols: 4 })).toEqual({ dRow: 1, dCol: -1 });
  });

  it("refuses every gesture on a locked card: move, resize, reshape, nudge, delete, paste over it", () => {
    const locked = card("l", 0, 0, { locked: true, title: "Kept" });
    const board = doc([locked, card("x", 0, 1)]);
    const reason = "The card at row 1, column 1 (“Kept”) is locked. Unlock it first.";
    expect(planMove(board, "l", { row: 2, col: 2 })).toEqual({ error: reason });
    expect(planResize(board, "l", { rowSpan: 2, colSpan: 1 })).toEqual({ error: reason });
    expect(planReshape(board, "l", { row: 0, col: 0, rowSpan: 1, colSpan: 3 })).toEqual({ error: reason });
    expect(planGroupMove(board, ["l", "x"], { dRow: 1, dCol: 0 })).toEqual({ error: reason });
    expect(planGroupDelete(board, ["x", "l"])).toEqual({ error: reason });
    expect(planPasteTable(board, [["new"]], { row: 0, col: 0 }, () => "n")).toEqual({ error: reason });
    // Another card moving onto it is refused; one moving onto the blank card beside it absorbs that.
    expect(planMove(doc([locked, card("y", 3, 3, { title: "Y" })]), "y", { row: 0, col: 0 })).toEqual({ error: reason });
  });
});

describe("align and distribute", () => {
  //   a . .
  //   . b .
  //   . . c
  const a = card("a", 0, 0, { title: "A" });
  const b = card("b", 1, 1, { title: "B" });
  const c = card("c", 2, 2, { title: "C", colSpan: 2 });
  const board = doc([a, b, c]);

  it("lines the selection up with an edge of its bounds, as one change", () => {
    expect(at(board, planAlign(board, ["a", "b", "c"], "top"))).toEqual({ a: [0, 0], b: [0, 1], c: [0, 2] });
    expect(at(board, planAlign(board, ["a", "b", "c"], "bottom"))).toEqual({ a: [2, 0], b: [2, 1], c: [2, 2] });
    expect(at(board, planAlign(board, ["a", "b"], "left"))).toEqual({ a: [0, 0], b: [1, 0], c: [2, 2] });
    // Right: each card's right edge on the bounds' right edge (c spans two columns).
    expect(at(board, planAlign(board, ["a", "b", "c"], "right"))).toEqual({ a: [0, 3], b: [1, 3], c: [2, 2] });
    const plan = planAlign(board, ["a", "b", "c"], "top");
    expect("changes" in plan && plan.changes).toHaveLength(1);
  });

  it("refuses with the reason when the cards would overlap, or another card is in the way", () => {
    const stacked = doc([card("p", 0, 0, { title: "P" }), card("q", 1, 0, { title: "Q" })]);
    expect(planAlign(stacked, ["p", "q"], "top")).toEqual({
      error: "The cards would overlap: the card at row 2, column 1 (“Q”) would land on the one at row 1, column 1 (“P”).",
    });
    const blocked = doc([a, b, card("z", 0, 1, { title: "Z" })]);
    expect(planAlign(blocked, ["a", "b"], "top")).toEqual({ error: "The card at row 1, column 2 (“Z”) is in the way. Move it first, or align fewer cards." });
    expect(planAlign(board, ["a"], "top")).toEqual({ error: "Select two cards or more to align them." });
  });

  it("spaces three cards or more evenly, the first and the last staying", () => {
    const row = doc([card("a", 0, 0), card("b", 0, 1), card("c", 0, 6), card("d", 0, 9)]);
    // From column 0 to 9, four cards one column wide: six empty columns, two between neighbours.
    expect(at(row, planDistribute(row, ["a", "b", "c", "d"], "col"))).toEqual({ a: [0, 0], b: [0, 3], c: [0, 6], d: [0, 9] });
    const column = doc([card("a", 0, 0), card("b", 1, 0), card("c", 5, 0)]);
    expect(at(column, planDistribute(column, ["a", "b", "c"], "row"))).toEqual({ a: [0, 0], b: [3, 0], c: [5, 0] });
    expect(planDistribute(column, ["a", "b"], "row")).toEqual({ error: "Select three cards or more to distribute them." });
  });
});
