import { cardColors } from "@/lib/board-look/card-colors";
import type { BoardCard } from "../state/board-types";
import { rectBox, type GridLayout, type Occupancy } from "../grid/grid-geometry";
import { rangeOf, type Region } from "../grid/grid-window";

/** The theme's colours (light or dark) for a card with the default look, read from an element's style. */
export function themeColors(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    fill: read("--color-white", "#fff"),
    border: read("--color-slate-300", "#cbd5e1"),
    ring: read("--color-indigo-500", "#6366f1"),
    text: read("--color-slate-900", "#0f172a"),
    font: style.fontFamily || "sans-serif",
  };
}

export type ThemeColors = ReturnType<typeof themeColors>;

/**
 * The cards of `cells` whose boxes meet `region` (board pixels; shifted by `offset` when given, a
 * dragged group's), each once: the cells of the tracks the region covers are read, not the board's
 * cards, so the cost follows the region, not the board.
 */
export function cardsInRegion(layout: GridLayout, cells: Occupancy, region: Region, keep: (card: BoardCard) => boolean = () => true): BoardCard[] {
  if (layout.rows === 0 || layout.cols === 0 || region.width <= 0 || region.height <= 0) return [];
  const { row0, row1, col0, col1 } = rangeOf(layout, region);
  const found: BoardCard[] = [];
  const spanning = new Set<string>();
  for (let row = row0; row <= row1; row += 1) {
    const line = cells[row];
    if (!line) continue;
    for (let col = col0; col <= col1; col += 1) {
      const card = line[col];
      if (!card || !keep(card)) continue;
      if (card.rowSpan > 1 || card.colSpan > 1) {
        if (spanning.has(card.id)) continue;
        spanning.add(card.id);
      }
      found.push(card);
    }
  }
  return found;
}

/**
 * Draws cards as blocks of their colour: one path per look, filled and stroked once, so a fitted
 * 100 x 100 board is a few dozen canvas calls, not 10,000. `x`/`y` is the board pixel at the
 * canvas's top-left corner, `zoom` the screen pixels per board pixel.
 */
export function drawCardBlocks(
  context: CanvasRenderingContext2D,
  cards: readonly BoardCard[],
  layout: GridLayout,
  view: { x: number; y: number; zoom: number },
  colors: ThemeColors,
): void {
  const { x: left, y: top, zoom } = view;
  const round = zoom * 6 >= 2;
  const looks = new Map<string, { look: ReturnType<typeof cardColors>; fill: Path2D; stroke: Path2D }>();
  for (const card of cards) {
    const key = `${card.color} ${card.cellOpacity}`;
    let entry = looks.get(key);
    if (!entry) looks.set(key, (entry = { look: cardColors(card.color, card.cellOpacity), fill: new Path2D(), stroke: new Path2D() }));
    const box = rectBox(layout, card);
    const x = (box.x - left) * zoom;
    const y = (box.y - top) * zoom;
    const width = box.width * zoom;
    const height = box.height * zoom;
    const paths = width >= 6 ? [entry.fill, entry.stroke] : [entry.fill];
    for (const path of paths) {
      if (round) path.roundRect(x, y, width, height, Math.min(card.borderRadius, 8) * zoom);
      else path.rect(x, y, width, height);
    }
  }
  for (const { look, fill, stroke } of looks.values()) {
    context.fillStyle = look.fill ?? colors.fill;
    context.fill(fill);
    context.strokeStyle = look.border ?? colors.border;
    context.stroke(stroke);
  }
}
