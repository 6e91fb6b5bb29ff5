import { describe, expect, it } from "vitest";
import type { BoardCard } from "@/components/board/state/board-types";
import { computeLayout, trackAt } from "@/components/board/grid/grid-geometry";
import { blankCard } from "@/components/board/grid/grid-plans";
import { expandRegion, rangeOf, rectTouches, regionContains, scrollToReveal, segmentTouches } from "@/components/board/grid/grid-window";
import { firstWindow, restOfBoard } from "@/components/board/grid/rest-of-board";
import { zoomLayerBox } from "@/components/board/zoom/zoom-layer-box";
import { completeCard, packBoardDoc, unpackBoardDoc } from "@/components/board/state/to-board-doc";
import { boardSnap } from "./board-fixtures";

describe("board windowing", () => {
  // 100 x 100 default tracks (200 x 120 px) with an 8 px gap: columns start every 208 px, rows every 128.
  const layout = computeLayout([{ row: 99, col: 99, rowSpan: 1, colSpan: 1 }], {}, {}, 8);

  it("finds the track under an offset by binary search, a gap belonging to the track before it", () => {
    expect(trackAt(layout.colStarts, -50)).toBe(0);
    expect(trackAt(layout.colStarts, 0)).toBe(0);
    expect(trackAt(layout.colStarts, 205)).toBe(0);
    expect(trackAt(layout.colStarts, 208)).toBe(1);
    expect(trackAt(layout.colStarts, 208 * 57 + 3)).toBe(57);
    expect(trackAt(layout.colStarts, 1e9)).toBe(99);
    expect(trackAt([], 10)).toBe(0);
  });

  it("renders the tracks a region touches, and only re-renders when the visible part leaves it", () => {
    expect(rangeOf(layout, { x: 416, y: 256, width: 1000, height: 600 })).toEqual({ row0: 2, row1: 6, col0: 2, col1: 6 });
    const rendered = expandRegion({ x: 1000, y: 1000, width: 1000, height: 600 });
    expect(regionContains(rendered, { x: 1200, y: 1100, width: 1000, height: 600 })).toBe(true);
    expect(regionContains(rendered, { x: 1600, y: 1100, width: 1000, height: 600 })).toBe(false);
  });

  it("scales a layer the window's whole tracks cover (with a little bleed), not the board", () => {
    // The grid sits 16 px inside the zoomed content; tracks 2..6 run from 416 to 1448 across, 256 to 888 down.
    expect(zoomLayerBox(layout, { row0: 2, row1: 6, col0: 2, col1: 6 }, 16)).toEqual({ x: 424, y: 264, width: 1048, height: 648 });
    // The whole board: clamped to the content; nothing rendered: nothing covered.
    const whole = zoomLayerBox(layout, { row0: 0, row1: 99, col0: 0, col1: 99 }, 16);
    expect(whole.x + whole.width).toBeLessThanOrEqual(layout.width + 32);
    expect(whole.y + whole.height).toBeLessThanOrEqual(layout.height + 32);
    expect(zoomLayerBox(layout, { row0: 0, row1: -1, col0: 0, col1: -1 }, 16)).toEqual({ x: 0, y: 0, width: 0, height: 0 });
  });

  it("keeps a card that spans into the range, and drops one that does not reach it", () => {
    const range = { row0: 10, row1: 15, col0: 20, col1: 25 };
    expect(rectTouches(range, { row: 8, col: 18, rowSpan: 3, colSpan: 3 })).toBe(true);
    expect(rectTouches(range, { row: 8, col: 18, rowSpan: 2, colSpan: 3 })).toBe(false);
    expect(rectTouches(range, { row: 15, col: 25, rowSpan: 1, colSpan: 1 })).toBe(true);
    expect(rectTouches(range, { row: 16, col: 20, rowSpan: 1, colSpan: 1 })).toBe(false);
  });

  it("draws a line whose box crosses the region, even with both ends outside it", () => {
    const region = { x: 1000, y: 1000, width: 500, height: 500 };
    expect(segmentTouches(region, { x1: 0, y1: 1200, x2: 3000, y2: 1200 })).toBe(true);
    expect(segmentTouches(region, { x1: 0, y1: 0, x2: 900, y2: 900 })).toBe(false);
  });

  it("scrolls just enough to show a box with a margin, and not at all when it is in view", () => {
    const view = { x: 0, y: 0, width: 1000, height: 600 };
    expect(scrollToReveal(view, { x: 100, y: 100, width: 200, height: 120 })).toEqual({ dx: 0, dy: 0 });
    expect(scrollToReveal(view, { x: 1040, y: 100, width: 200, height: 120 })).toEqual({ dx: 264, dy: 0 });
    expect(scrollToReveal({ ...view, x: 500, y: 500 }, { x: 400, y: 400, width: 200, height: 120 })).toEqual({ dx: -124, dy: -124 });
  });
});

describe("the page's board payload", () => {
  it("leaves out default fields and puts them back, card for card", () => {
    const styled: BoardCard = { ...blankCard("b", 0, 1), title: "Hi", color: "#dbeafe", bold: true, cellOpacity: 40 };
    const doc = {
      snap: boardSnap("s"),
      cards: [blankCard("a", 0, 0), styled],
      lines: [],
    };
    const packed = packBoardDoc(doc);
    expect(packed.cards).toEqual([
      { id: "a", row: 0, col: 0 },
      { id: "b", row: 0, col: 1, title: "Hi", color: "#dbeafe", bold: true, cellOpacity: 40 },
    ]);
    expect(unpackBoardDoc(packed)).toEqual(doc);
  });

  it("completes a packed card of the rest where it is: the same object, whole", () => {
    const styled: BoardCard = { ...blankCard("b", 3, 4), title: "Far", bold: true };
    const packed = packBoardDoc({ snap: boardSnap("s"), cards: [styled], lines: [] }).cards[0]!;
    const card = completeCard(packed);
    expect(card).toBe(packed);
    expect(card).toEqual(styled);
  });
});

describe("the first window and the rest of the board", () => {
  const sizes = { rowHeights: {}, colWidths: {}, cellSpacing: 8 };

  it("sends first the tracks a laptop-sized screen and its margin touch from the top-left, never more than the board", () => {
    // Columns every 208 px, rows every 128: 1920 px across and 1260 down reach column 10 and row 10;
    // 40 px columns start every 48 px, and the 41st starts at 1920.
    expect(firstWindow(sizes, { rows: 100, cols: 100 })).toEqual({ rows: 10, cols: 10 });
    expect(
      firstWindow({ ...sizes, colWidths: Object.fromEntries(Array.from({ length: 100 }, (_, index) => [String(index), 40])) }, { rows: 100, cols: 100 }),
    ).toEqual({
      rows: 10,
      cols: 41,
    });
    expect(firstWindow(sizes, { rows: 3, cols: 4 })).toEqual({ rows: 3, cols: 4 });
  });

  it("reads the rest in bands of rows of about 2,000 cells, one band at a time, each packed for the page", async () => {
    const calls: { fromRow: number; toRow: number }[] = [];
    let reading = 0;
    let mostAtOnce = 0;
    const rest = restOfBoard({ extent: { rows: 100, cols: 100 }, window: { rows: 10, cols: 10 } }, async (window, band) => {
      expect(window).toEqual({ rows: 10, cols: 10 });
      calls.push(band);
      mostAtOnce = Math.max(mostAtOnce, (reading += 1));
      await Promise.resolve();
      reading -= 1;
      return [{ ...blankCard(`c${band.fromRow}`, band.fromRow, 50), title: "Far" }];
    });
    const bands = await Promise.all(rest!.bands);
    expect(rest!.extent).toEqual({ rows: 100, cols: 100 });
    expect(calls).toEqual([0, 20, 40, 60, 80].map((fromRow) => ({ fromRow, toRow: fromRow + 20 })));
    expect(mostAtOnce).toBe(1);
    expect(bands[1]).toEqual([{ id: "c20", row: 20, col: 50, title: "Far" }]);
  });

  it("has nothing to send when the first window held every card", () => {
    expect(restOfBoard({ extent: { rows: 3, cols: 4 }, window: null }, () => Promise.reject(new Error("not read")))).toBeNull();
  });
});
