import { fontSizePixels } from "@/lib/board-look/font-sizes";
import type { BoardCard } from "../state/board-types";

/** A card's padding (p-2.5) on each side, in pixels. */
const PADDING = 10;
/** A character's average width as a share of the font size, for the estimate of wrapped lines. */
const CHARACTER_WIDTH = 0.55;

/**
 * How many lines of its text a card of this size shows (the rest ends in an ellipsis: the text's
 * -webkit-line-clamp), and whether its text likely needs more (then its full text is the card's
 * tooltip; the inspector always has it). The estimate counts wrapped lines from the text's length.
 */
export function cardTextFit(card: BoardCard, box: { width: number; height: number }): { textLines: number; textOverflows: boolean } {
  const [size, lineHeight] = fontSizePixels(card.fontSize);
  const inner = { width: box.width - 2 * (PADDING + card.borderSize), height: box.height - 2 * (PADDING + card.borderSize) };
  const lines = Math.max(1, Math.floor(inner.height / lineHeight));
  const perLine = Math.max(1, Math.floor(inner.width / (size * CHARACTER_WIDTH)));
  const needed = card.title.split("\n").reduce((sum, paragraph) => sum + Math.max(1, Math.ceil(paragraph.length / perLine)), 0);
  return { textLines: lines, textOverflows: card.title.trim() !== "" && needed > lines };
}
