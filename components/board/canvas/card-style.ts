import type { CSSProperties } from "react";
import { cardColors } from "@/lib/board-look/card-colors";
import { fontSizePixels } from "@/lib/board-look/font-sizes";
import type { BoardCard } from "../state/board-types";

export function fontSizeStyle(fontSize: string): CSSProperties {
  const [size, lineHeight] = fontSizePixels(fontSize);
  return { fontSize: `${size / 16}rem`, lineHeight: `${lineHeight / 16}rem` };
}

const JUSTIFY = { top: "flex-start", middle: "center", bottom: "flex-end" } as const;

/**
 * The look of a card with the server's defaults (schema.prisma) as classes: cardBoxStyle writes
 * inline only what differs, which keeps a 400-card board's HTML small.
 */
export const CARD_DEFAULT_CLASSES = "rounded-lg border border-solid border-slate-300 bg-white text-left text-sm text-slate-900 justify-start";

/**
 * The card's box beyond the defaults: its color at cellOpacity (the text stays opaque), border and
 * radius in pixels, text styling, and a text color that stays readable on dark fills.
 */
export function cardBoxStyle(card: BoardCard): CSSProperties {
  const style: CSSProperties = {};
  const colors = cardColors(card.color, card.cellOpacity);
  if (colors.fill) style.backgroundColor = colors.fill;
  if (colors.border) style.borderColor = colors.border;
  if (colors.text) style.color = colors.text;
  if (card.borderRadius !== 8) style.borderRadius = `${card.borderRadius}px`;
  if (card.borderSize !== 1) style.borderWidth = `${card.borderSize}px`;
  if (card.verticalAlign !== "top") style.justifyContent = JUSTIFY[card.verticalAlign];
  if (card.textAlign !== "left") style.textAlign = card.textAlign;
  if (card.bold) style.fontWeight = 700;
  if (card.italic) style.fontStyle = "italic";
  if (card.underline) style.textDecorationLine = "underline";
  if (card.fontSize !== "text-sm") Object.assign(style, fontSizeStyle(card.fontSize));
  return style;
}

/**
 * An empty place on the board, a cell with no card or a card with nothing in it (a new board's
 * cards): one look for both, visible without hovering.
 */
export const EMPTY_PLACE_CLASSES = "rounded-lg border border-dashed border-slate-300 bg-white/40";

/** The canvas colour the server gives a new snap: shown as the theme's canvas (light or dark), not as a fixed colour. */
export const DEFAULT_CANVAS_COLOR = "#f8fafc";

/** The board's inline background: none for the default (the theme's bg-slate-50 shows), else the chosen colour. */
export function canvasBackground(color: string): string | undefined {
  return color.toLowerCase() === DEFAULT_CANVAS_COLOR ? undefined : color;
}
