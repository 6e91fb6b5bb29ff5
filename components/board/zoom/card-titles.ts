import { cardColors } from "@/lib/board-look/card-colors";
import { cardTypeOf } from "@/lib/card-types/registry";
import type { BoardCard } from "../state/board-types";
import { rectBox, type GridLayout } from "../grid/grid-geometry";
import type { ThemeColors } from "./card-blocks";

/** The overview's titles are drawn at this size (screen pixels) whatever the zoom: small, but read. */
export const TITLE_PX = 11;
/** Room a title needs around it in its card's box (screen pixels): less, and the card stays a block. */
const TITLE_PADDING = 3;
/** About the width of an average character at TITLE_PX in the UI's sans-serif. */
const CHAR_WIDTH = TITLE_PX * 0.56;

/**
 * Whether a card of one cell could show a title at this zoom (the tallest row's cards): when not, the
 * overview skips the titles without looking at its cards (a fitted 100 x 100 board).
 */
export function titlesFit(layout: GridLayout, zoom: number): boolean {
  let tallest = 0;
  for (const size of layout.rowSizes) tallest = Math.max(tallest, size);
  return tallest * zoom >= TITLE_PX + 2 * TITLE_PADDING;
}

/**
 * Writes each card's title (its first line, cut to the box with an ellipsis) over the blocks of
 * the overview, at a size that stays readable below the legibility threshold, as far as the card's
 * box on screen has room for a line of it. Cards whose type fills the card (an image) keep their
 * block. The width is estimated from the characters, not measured: a few hundred titles a frame.
 * Returns how many titles it wrote.
 */
export function drawCardTitles(
  context: CanvasRenderingContext2D,
  cards: readonly BoardCard[],
  layout: GridLayout,
  view: { x: number; y: number; zoom: number },
  colors: ThemeColors,
): number {
  const { x: left, y: top, zoom } = view;
  context.font = `${TITLE_PX}px ${colors.font}`;
  context.textBaseline = "top";
  let written = 0;
  const inks = new Map<string, string>();
  for (const card of cards) {
    const title = card.title.trim();
    if (!title || cardTypeOf(card.cellType).fillsCard) continue;
    const box = rectBox(layout, card);
    const width = box.width * zoom - 2 * TITLE_PADDING;
    if (box.height * zoom < TITLE_PX + 2 * TITLE_PADDING || width < 2 * CHAR_WIDTH) continue;
    const fits = Math.floor(width / CHAR_WIDTH);
    const line = title.split("\n", 1)[0]!;
    const text = line.length > fits ? `${line.slice(0, Math.max(1, fits - 1))}…` : line;
    const key = `${card.color} ${card.cellOpacity}`;
    let fill = inks.get(key);
    if (fill === undefined) inks.set(key, (fill = cardColors(card.color, card.cellOpacity).text ?? colors.text));
    context.fillStyle = fill;
    context.fillText(text, (box.x - left) * zoom + TITLE_PADDING, (box.y - top) * zoom + TITLE_PADDING, width);
    written += 1;
  }
  return written;
}
