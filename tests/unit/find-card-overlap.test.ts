import { describe, expect, it } from "vitest";
import { findCardOverlap, type CardRect } from "@/lib/board-model/find-card-overlap";

const card = (id: string, row: number, col: number, rowSpan = 1, colSpan = 1): CardRect => ({ id, row, col, rowSpan, colSpan });

describe("findCardOverlap", () => {
  it("finds a placed card over another, with the first cell they share", () => {
    const cards = [card("a", 0, 0), card("b", 3, 3, 2, 3), card("c", 4, 1, 1, 3)];
    expect(findCardOverlap(cards, ["c"])).toEqual({ card: cards[2], other: cards[1], row: 4, col: 3 });
  });

  it("answers null for cards that touch but do not overlap, and for a swap's end state", () => {
    const cards = [card("a", 0, 1), card("b", 0, 0), card("c", 1, 0, 1, 2), card("d", 0, 2, 2, 1)];
    expect(findCardOverlap(cards, ["a", "b", "c", "d"])).toBeNull();
  });

  it("finds overlaps across tile borders and with cards far larger than a tile", () => {
    const big = card("big", 10, 10, 100, 100);
    expect(findCardOverlap([big, card("x", 109, 109)], ["x"])).toMatchObject({ other: big, row: 109, col: 109 });
    expect(findCardOverlap([big, card("x", 110, 15)], ["x"])).toBeNull();
    expect(findCardOverlap([card("l", 15, 15, 2, 2), card("r", 16, 16)], ["r"])).toMatchObject({ other: { id: "l" }, row: 16, col: 16 });
  });

  it("reports placed cards in the order given and ignores overlaps between cards not placed", () => {
    const old = [card("old1", 0, 0, 2, 2), card("old2", 1, 1)];
    expect(findCardOverlap([...old, card("p", 5, 5)], ["p"])).toBeNull();
    const cards = [...old, card("p", 5, 5), card("q", 5, 5)];
    expect(findCardOverlap(cards, ["q", "p"])).toMatchObject({ card: { id: "q" }, other: { id: "p" } });
  });
});
