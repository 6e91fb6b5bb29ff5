import type { CSSProperties } from "react";
import type { BoardCard } from "./board-types";

/**
 * Tailwind's text-size scale (font-size / line-height) for every FONT_SIZES value. Mapped here
 * rather than emitted as classes: Tailwind only builds classes it finds in the source, and a card's
 * size is data.
 */
const FONT_SIZE_STYLES: Record<string, [string, string]> = {
  "text-xs": ["0.75rem", "1rem"],
  "text-sm": ["0.875rem", "1.25rem"],
  "text-base": ["1rem", "1.5rem"],
  "text-lg": ["1.125rem", "1.75rem"],
  "text-xl": ["1.25rem", "1.75rem"],
  "text-2xl": ["1.5rem", "2rem"],
  "text-3xl": ["1.875rem", "2.25rem"],
  "text-4xl": ["2.25rem", "2.5rem"],
  "text-5xl": ["3rem", "1"],
  "text-6xl": ["3.75rem", "1"],
  "text-7xl": ["4.5rem", "1"],
  "text-8xl": ["6rem", "1"],
  "text-9xl": ["8rem", "1"],
};

export function fontSizeStyle(fontSize: string): CSSProperties {
  const [size, lineHeight] = FONT_SIZE_STYLES[fontSize] ?? FONT_SIZE_STYLES["text-sm"]!;
  return { fontSize: size, lineHeight };
}

/** #rgb, #rrggbb or #rrggbbaa as [r, g, b, alpha 0..1]; null for "" or anything else. */
export function parseHexColor(color: string): [number, number, number, number] | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color);
  if (!match) return null;
  let hex = match[1]!;
  if (hex.length === 3) hex = [...hex].map((digit) => digit + digit).join("");
  const channel = (at: number) => parseInt(hex.slice(at, at + 2), 16);
  return [channel(0), channel(2), channel(4), hex.length === 8 ? channel(6) / 255 : 1];
}

/** Relative luminance (WCAG) of an sRGB color. */
function luminance([r, g, b]: [number, number, number, number]): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
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
  const rgba = parseHexColor(card.color);
  const opacity = Math.min(100, Math.max(0, card.cellOpacity)) / 100;
  if (rgba || opacity < 1) {
    const [r, g, b, a] = rgba ?? [255, 255, 255, 1];
    const alpha = a * opacity;
    style.backgroundColor = `rgba(${r}, ${g}, ${b}, ${alpha})`;
    if (rgba) {
      style.borderColor = `rgba(${Math.round(r * 0.7)}, ${Math.round(g * 0.7)}, ${Math.round(b * 0.7)}, ${Math.max(alpha, 0.35)})`;
      // A fill the user chose stays as chosen in both themes, so its text is set for the fill, not the theme.
      if (alpha >= 0.5) style.color = luminance(rgba) < 0.35 ? "#ffffff" : "#0f172a";
    }
  }
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

/** The canvas colour the server gives a new snap: shown as the theme's canvas (light or dark), not as a fixed colour. */
export const DEFAULT_CANVAS_COLOR = "#f8fafc";

/** The board's inline background: none for the default (the theme's bg-slate-50 shows), else the chosen colour. */
export function canvasBackground(color: string): string | undefined {
  return color.toLowerCase() === DEFAULT_CANVAS_COLOR ? undefined : color;
}
