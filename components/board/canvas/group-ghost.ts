import { cardColors } from "@/lib/board-look/card-colors";
import type { BoardCard } from "../state/board-types";
import { rectBox, type GridLayout, type Occupancy } from "../grid/grid-geometry";
import { gridScale } from "../grid/grid-point";
import { boardScroller } from "../grid/use-grid-window";
import { zoomFrameOf } from "../zoom/board-zoom-frame";
import { cardsInRegion, drawCardBlocks, themeColors, type ThemeColors } from "../zoom/card-blocks";

export interface GroupGhost {
  /** Shows the group moved by (dx, dy) board pixels, drawn in the next frame. */
  moveTo: (dx: number, dy: number) => void;
  remove: () => void;
}

/**
 * A dragged selection as one picture that follows the pointer: a canvas over the board's visible
 * part, redrawn once a frame with only the selected cards that land on screen (found through the
 * cells the screen covers, not by walking the selection), while the cards themselves stay put and
 * render nothing. Dragging all 10,000 cards of a 100 x 100 board costs what dragging the screen's
 * few dozen does (docs/PERFORMANCE.md, "Design decisions").
 */
export function showGroupGhost(grid: HTMLElement, layout: GridLayout, cells: Occupancy, ids: readonly string[]): GroupGhost {
  const scroller = boardScroller(grid);
  const selected = new Set(ids);
  const canvas = document.createElement("canvas");
  canvas.setAttribute("aria-hidden", "true");
  canvas.dataset.groupGhost = "";
  const { gutter } = scroller ? zoomFrameOf(scroller) : { gutter: 0 };
  const area = scroller?.getBoundingClientRect() ?? grid.getBoundingClientRect();
  const left = area.left + (scroller?.clientLeft ?? 0) + gutter;
  const top = area.top + (scroller?.clientTop ?? 0) + gutter;
  const width = Math.max(0, (scroller?.clientWidth ?? area.width) - gutter);
  const height = Math.max(0, (scroller?.clientHeight ?? area.height) - gutter);
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  // Fixed to the viewport over the scroller's visible part (the scroller itself does not move in a drag); above the cards, below dialogs.
  Object.assign(canvas.style, {
    position: "fixed",
    left: `${left}px`,
    top: `${top}px`,
    width: `${width}px`,
    height: `${height}px`,
    zIndex: "40",
    pointerEvents: "none",
  });
  document.body.append(canvas);
  const colors = themeColors(grid);
  const font = getComputedStyle(grid).fontFamily;
  let frame = 0;
  let offset = { dx: 0, dy: 0 };

  const draw = () => {
    frame = 0;
    const context = canvas.getContext("2d");
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    const scale = gridScale(grid);
    const gridBox = grid.getBoundingClientRect();
    // The board pixel at the canvas's corner, and the same less the drag: where the cards that land on screen come from.
    const x = (left - gridBox.left) / scale;
    const y = (top - gridBox.top) / scale;
    const from = { x: x - offset.dx, y: y - offset.dy, width: width / scale, height: height / scale };
    const cards = cardsInRegion(layout, cells, from, (card) => selected.has(card.id));
    context.globalAlpha = 0.9;
    drawCardBlocks(context, cards, layout, { x: from.x, y: from.y, zoom: scale }, colors);
    context.globalAlpha = 1;
    drawTitles(context, cards, layout, { x: from.x, y: from.y, zoom: scale }, font, colors);
  };

  return {
    moveTo: (dx, dy) => {
      offset = { dx, dy };
      if (!frame) frame = requestAnimationFrame(draw);
    },
    remove: () => {
      if (frame) cancelAnimationFrame(frame);
      canvas.remove();
    },
  };
}

/** Each card's first line of text and the selection's ring, clipped to the card (legible from 50 %). */
function drawTitles(
  context: CanvasRenderingContext2D,
  cards: readonly BoardCard[],
  layout: GridLayout,
  view: { x: number; y: number; zoom: number },
  font: string,
  colors: ThemeColors,
): void {
  const { zoom } = view;
  context.lineWidth = 2;
  context.strokeStyle = colors.ring;
  context.font = `${14 * zoom}px ${font}`;
  context.textBaseline = "top";
  for (const card of cards) {
    const box = rectBox(layout, card);
    const x = (box.x - view.x) * zoom;
    const y = (box.y - view.y) * zoom;
    context.strokeRect(x, y, box.width * zoom, box.height * zoom);
    const title = card.title.split("\n", 1)[0] ?? "";
    if (zoom < 0.5 || !title) continue;
    context.save();
    context.beginPath();
    context.rect(x, y, box.width * zoom, box.height * zoom);
    context.clip();
    context.fillStyle = cardColors(card.color, card.cellOpacity).text ?? colors.text;
    context.fillText(title, x + 10 * zoom, y + 10 * zoom);
    context.restore();
  }
}
