import { describe, expect, it } from "vitest";
import { applyChanges, invertChanges } from "@/components/board/state/board-changes";
import type { BoardDoc } from "@/components/board/state/board-types";
import { cardBoxStyle } from "@/components/board/canvas/card-style";
import { cellAt, computeLayout, gridSize } from "@/components/board/grid/grid-geometry";
import { blankCard, planAddTrack, planMove, planRemoveTrack, planResize } from "@/components/board/grid/grid-plans";
import { connectorPath } from "@/lib/board-look/connector-path";
import { safeUrl } from "@/components/board/canvas/safe-url";
import { boardSnap } from "./board-fixtures";

function board(rows: number, cols: number): BoardDoc {
  const cards = [];
  for (let row = 0; row < rows; row += 1) for (let col = 0; col < cols; col += 1) cards.push(blankCard(`c${row}${col}`, row, col));
  return {
    snap: boardSnap("s"),
    cards,
    lines: [],
  };
}

function withTitle(doc: BoardDoc, id: string, title: string): BoardDoc {
  return { ...doc, cards: doc.cards.map((card) => (card.id === id ? { ...card, title } : card)) };
}

function plan<T>(result: { changes: T } | { error: string }): T {
  if ("error" in result) throw new Error(result.error);
  return result.changes;
}

const at = (doc: BoardDoc, id: string) => doc.cards.find((card) => card.id === id);

describe("grid geometry", () => {
  it("counts rows and columns from cards and sized tracks, at least one", () => {
    expect(gridSize([], {}, {})).toEqual({ rows: 1, cols: 1 });
    expect(gridSize([{ row: 1, col: 2, rowSpan: 2, colSpan: 1 }], { "5": 40 }, {})).toEqual({ rows: 6, cols: 3 });
  });

  it("lays tracks out with defaults and gaps, and finds the cell under a point", () => {
    const layout = computeLayout([{ row: 1, col: 1, rowSpan: 1, colSpan: 1 }], { "0": 50 }, { "1": 100 }, 10);
    expect(layout.rowStarts).toEqual([0, 60]);
    expect(layout.colStarts).toEqual([0, 210]);
    expect(layout.width).toBe(310);
    expect(cellAt(layout, 205, 55)).toEqual({ row: 0, col: 0 }); // in the gap: the track before
    expect(cellAt(layout, 9999, 61)).toEqual({ row: 1, col: 1 });
  });
});

describe("moving and resizing cards", () => {
  it("swaps a card with the one where it is dropped", () => {
    const doc = withTitle(board(2, 3), "c00", "Goals");
    const moved = applyChanges(doc, plan(planMove(doc, "c00", { row: 0, col: 2 }, { rows: 2, cols: 3 })));
    expect(at(moved, "c00")).toMatchObject({ row: 0, col: 2 });
    expect(at(moved, "c02")).toMatchObject({ row: 0, col: 0 });
  });

  it("fills the cells a wide card leaves with the single cards it displaces", () => {
    let doc = board(1, 4);
    doc = applyChanges(doc, plan(planResize(withTitle(doc, "c00", "Wide"), "c00", { rowSpan: 1, colSpan: 2 })));
    expect(doc.cards.map((card) => card.id)).not.toContain("c01");
    doc = withTitle(doc, "c00", "Wide");
    const moved = applyChanges(doc, plan(planMove(doc, "c00", { row: 0, col: 1 }, { rows: 1, cols: 4 })));
    expect(at(moved, "c00")).toMatchObject({ col: 1, colSpan: 2 });
    expect(at(moved, "c02")).toMatchObject({ col: 0 });
  });

  it("refuses to grow over a card with content, and absorbs blank ones", () => {
    const doc = withTitle(board(2, 2), "c01", "Keep me");
    expect(planResize(doc, "c00", { rowSpan: 1, colSpan: 2 })).toEqual({ error: expect.stringContaining("in the way") });
    const grown = applyChanges(doc, plan(planResize(doc, "c00", { rowSpan: 2, colSpan: 1 })));
    expect(at(grown, "c00")).toMatchObject({ rowSpan: 2 });
    expect(at(grown, "c10")).toBeUndefined();
  });

  it("undoes a plan exactly", () => {
    const doc = withTitle(board(2, 2), "c00", "A");
    const changes = plan(planResize(doc, "c00", { rowSpan: 2, colSpan: 2 }));
    const undone = applyChanges(applyChanges(doc, changes), invertChanges(changes));
    expect([...undone.cards].sort((a, b) => a.id.localeCompare(b.id))).toEqual(doc.cards);
  });
});

describe("rows and columns", () => {
  it("removes a row: its cards go, spanning cards shrink, later ones and sizes move up", () => {
    let doc = board(3, 2);
    doc = { ...doc, snap: { ...doc.snap, rowHeights: { "0": 50, "2": 70 } } };
    doc = applyChanges(doc, plan(planResize(doc, "c00", { rowSpan: 2, colSpan: 1 })));
    const after = applyChanges(doc, plan(planRemoveTrack(doc, "row", 1)));
    expect(at(after, "c00")).toMatchObject({ row: 0, rowSpan: 1 });
    expect(at(after, "c11")).toBeUndefined();
    expect(at(after, "c21")).toMatchObject({ row: 1 });
    expect(after.snap.rowHeights).toEqual({ "0": 50, "1": 70 });
  });

  it("adds a column of blank cards", () => {
    let next = 0;
    const doc = board(2, 2);
    const after = applyChanges(doc, plan(planAddTrack(doc, "col", () => `n${(next += 1)}`)));
    expect(after.cards.filter((card) => card.col === 2)).toHaveLength(2);
  });
});

describe("what cards render", () => {
  it("renders only http(s) URLs, and only https in embeds", () => {
    expect(safeUrl("https://example.com/a")).toBe("https://example.com/a");
    expect(safeUrl("http://example.com")).toBe("http://example.com/");
    expect(safeUrl("javascript:alert(1)")).toBeNull();
    expect(safeUrl("data:text/html,hi")).toBeNull();
    expect(safeUrl("example.com")).toBeNull();
    expect(safeUrl("http://example.com", { httpsOnly: true })).toBeNull();
  });

  it("applies color at cellOpacity and keeps text readable on dark fills", () => {
    const card = { ...blankCard("x", 0, 0), color: "#1e293b", cellOpacity: 50, borderRadius: 12 };
    expect(cardBoxStyle(card)).toMatchObject({ backgroundColor: "rgba(30, 41, 59, 0.5)", color: "#ffffff", borderRadius: "12px" });
    expect(cardBoxStyle(blankCard("y", 0, 0))).toEqual({});
  });

  it("joins the facing sides of two cards", () => {
    const a = { x: 0, y: 0, width: 100, height: 50 };
    expect(connectorPath(a, { x: 200, y: 0, width: 100, height: 50 }, 0)).toEqual({ x1: 100, y1: 25, x2: 200, y2: 25 });
    expect(connectorPath({ x: 200, y: 0, width: 100, height: 50 }, a, 0)).toEqual({ x1: 200, y1: 25, x2: 100, y2: 25 });
    expect(connectorPath(a, { x: 0, y: 100, width: 100, height: 50 }, 0)).toEqual({ x1: 50, y1: 50, x2: 50, y2: 100 });
    expect(connectorPath(a, a)).toBeNull();
  });

  it("joins diagonal neighbours across the corner between them, each end on its card's border", () => {
    const from = { x: 0, y: 0, width: 200, height: 120 };
    const to = { x: 208, y: 128, width: 200, height: 120 };
    const path = connectorPath(from, to, 0)!;
    // Leaves `from` through its bottom border near the corner, enters `to` through its top border near its corner.
    expect(path.y1).toBeCloseTo(120, 5);
    expect(path.x1).toBeGreaterThan(190);
    expect(path.x1).toBeLessThanOrEqual(200);
    expect(path.y2).toBeCloseTo(128, 5);
    expect(path.x2).toBeGreaterThanOrEqual(208);
    expect(path.x2).toBeLessThan(218);
    // Pointing down-right, towards `to`, not straight down at the card below `from`.
    expect(path.x2 - path.x1).toBeGreaterThan(0);
    expect(path.y2 - path.y1).toBeGreaterThan(0);
    expect(connectorPath({ x: 0, y: 0, width: 100, height: 100 }, { x: 50, y: 50, width: 100, height: 100 })).toBeNull();
  });
});
