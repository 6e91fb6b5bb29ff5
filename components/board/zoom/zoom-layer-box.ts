import type { GridLayout } from "../grid/grid-geometry";
import type { Region, TrackRange } from "../grid/grid-window";

/** Room around the window's tracks for what a card draws past its box (ring, shadow), board pixels. */
const BLEED = 8;

/**
 * The part of the zoomed content the scaled layer covers: the rendered window's tracks (whole
 * cards, so the clip during a gesture cuts none in two) in the content's coordinates (the grid sits
 * `margin` inside it), with a little bleed, clamped to the content. The layer is no bigger than the
 * window whatever the board's size, so a zoom step's compositor work (its tiles) follows the
 * screen, not the board (docs/ARCHITECTURE.md, "Zoom").
 */
export function zoomLayerBox(layout: GridLayout, range: TrackRange, margin: number): Region {
  const content = { width: layout.width + 2 * margin, height: layout.height + 2 * margin };
  if (range.row1 < range.row0 || range.col1 < range.col0) return { x: 0, y: 0, width: 0, height: 0 };
  const clamp = (value: number, most: number) => Math.min(most, Math.max(0, value));
  const end = (starts: number[], sizes: number[], index: number) => (starts[index] ?? 0) + (sizes[index] ?? 0);
  const x = clamp(Math.floor(margin + (layout.colStarts[range.col0] ?? 0) - BLEED), content.width);
  const y = clamp(Math.floor(margin + (layout.rowStarts[range.row0] ?? 0) - BLEED), content.height);
  const right = clamp(Math.ceil(margin + end(layout.colStarts, layout.colSizes, range.col1) + BLEED), content.width);
  const bottom = clamp(Math.ceil(margin + end(layout.rowStarts, layout.rowSizes, range.row1) + BLEED), content.height);
  return { x, y, width: right - x, height: bottom - y };
}
