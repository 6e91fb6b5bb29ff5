import type { BoardCard } from "../state/board-types";
import type { GridLayout, Occupancy } from "../grid/grid-geometry";
import { cardsInRegion, drawCardBlocks, type ThemeColors } from "./card-blocks";
import { LEGIBLE_ZOOM } from "./zoom-levels";

/** The longest side of the whole board's picture (about 10 MB at most). */
const PICTURE_SIDE = 2048;
/** Rows drawn per band, and the main thread's time one slice may take (ms) before it yields. */
const BAND_ROWS = 8;
const SLICE_MS = 4;

export interface BoardPicture {
  cells: Occupancy;
  layout: GridLayout;
  canvas: HTMLCanvasElement;
  /** Its pixels per board pixel. */
  scale: number;
  /** Whether every band is drawn; until then a gesture's step draws its blocks exactly. */
  done: boolean;
  cancel: () => void;
}

type IdleDeadline = { timeRemaining: () => number };
const whenIdle = (task: (deadline: IdleDeadline) => void): (() => void) => {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(task);
    return () => cancelIdleCallback(id);
  }
  // Safari: no idle callbacks; a task of its own with the slice's budget.
  const timer = setTimeout(() => task({ timeRemaining: () => SLICE_MS }));
  return () => clearTimeout(timer);
};

/**
 * A picture of the whole board as blocks, which a zoom gesture's steps copy scaled (one drawImage
 * whatever the board's size). Drawn a band of rows at a time in idle slices of a few ms, so that
 * drawing the 10,000 blocks of a 100 x 100 board never holds one of the gesture's frames.
 */
export function startBoardPicture(layout: GridLayout, cells: Occupancy, margin: number, colors: ThemeColors): BoardPicture {
  const contentWidth = layout.width + 2 * margin;
  const contentHeight = layout.height + 2 * margin;
  const scale = Math.min(LEGIBLE_ZOOM, PICTURE_SIDE / Math.max(1, contentWidth, contentHeight));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.ceil(contentWidth * scale));
  canvas.height = Math.max(1, Math.ceil(contentHeight * scale));
  const context = canvas.getContext("2d");
  // A card spanning two bands is drawn once (drawn twice, a translucent one would darken).
  const drawn = new Set<string>();
  const notDrawn = (card: BoardCard) => !drawn.has(card.id);
  let row = 0;
  let cancelIdle: (() => void) | null = null;
  const picture: BoardPicture = { cells, layout, canvas, scale, done: !context || layout.rows === 0, cancel: () => cancelIdle?.() };
  const slice = (deadline: IdleDeadline) => {
    cancelIdle = null;
    const started = performance.now();
    const budget = Math.min(SLICE_MS, Math.max(1, deadline.timeRemaining()));
    while (row < layout.rows && performance.now() - started < budget) {
      const last = Math.min(layout.rows, row + BAND_ROWS) - 1;
      const y = layout.rowStarts[row] ?? 0;
      const band = { x: -margin, y, width: contentWidth, height: (layout.rowStarts[last] ?? y) + (layout.rowSizes[last] ?? 0) - y };
      const cards = cardsInRegion(layout, cells, band, notDrawn);
      for (const card of cards) drawn.add(card.id);
      drawCardBlocks(context!, cards, layout, { x: -margin, y: -margin, zoom: scale }, colors);
      row = last + 1;
    }
    if (row < layout.rows) cancelIdle = whenIdle(slice);
    else picture.done = true;
  };
  if (!picture.done) cancelIdle = whenIdle(slice);
  return picture;
}
