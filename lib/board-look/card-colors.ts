/**
 * A card's own colours, shared by the board (components/board/canvas/card-style.ts) and the SVG/PNG export
 * (lib/transfer/render-snap-svg.ts), so an export looks like the board.
 */

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

const rgba = (r: number, g: number, b: number, alpha: number) => `rgba(${r}, ${g}, ${b}, ${Math.round(alpha * 1000) / 1000})`;

/** The dark text the board and the export put on light fills. */
export const DARK_TEXT_COLOR = "#0f172a";

/**
 * A card's fill (its color at cellOpacity; the text stays opaque), a darker border of the same hue,
 * and a text color readable on a dark fill. Null where the card keeps the surface's own: no color
 * chosen, or a fill too faint to carry its own text color. A color the user chose stays as chosen
 * in both themes, so its text is set for the fill, not for the theme.
 */
export function cardColors(color: string, cellOpacity: number): { fill: string | null; border: string | null; text: string | null } {
  const parsed = parseHexColor(color);
  const opacity = Math.min(100, Math.max(0, cellOpacity)) / 100;
  if (!parsed) return { fill: opacity < 1 ? rgba(255, 255, 255, opacity) : null, border: null, text: null };
  const [r, g, b, a] = parsed;
  const alpha = a * opacity;
  return {
    fill: rgba(r, g, b, alpha),
    border: rgba(Math.round(r * 0.7), Math.round(g * 0.7), Math.round(b * 0.7), Math.max(alpha, 0.35)),
    text: alpha >= 0.5 ? (luminance(parsed) < 0.35 ? "#ffffff" : DARK_TEXT_COLOR) : null,
  };
}
