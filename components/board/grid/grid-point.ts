import { cellAt, type GridLayout } from "./grid-geometry";

/**
 * How much the grid is drawn bigger (or smaller) than its own pixels: the board's zoom, read from
 * the element itself (its box on screen over its layout width), so every caller agrees with what is drawn.
 */
export function gridScale(grid: HTMLElement): number {
  const width = grid.offsetWidth;
  return width > 0 ? grid.getBoundingClientRect().width / width : 1;
}

/**
 * A point on screen (clientX, clientY) in the grid's own pixels, at any zoom: the one conversion
 * from the pointer to the board (drags, resizes, taps, the track handles).
 */
export function gridPoint(grid: HTMLElement, clientX: number, clientY: number): { x: number; y: number } {
  const box = grid.getBoundingClientRect();
  const scale = gridScale(grid);
  return { x: (clientX - box.left) / scale, y: (clientY - box.top) / scale };
}

/** The cell under a point on screen (clamped to the grid). */
export function cellAtClient(grid: HTMLElement, layout: GridLayout, clientX: number, clientY: number): { row: number; col: number } {
  const { x, y } = gridPoint(grid, clientX, clientY);
  return cellAt(layout, x, y);
}
