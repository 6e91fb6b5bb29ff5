/**
 * Tailwind's text-size scale in pixels, [font size, line height], for every FONT_SIZES value a card
 * may have. A card's size is data, and Tailwind only builds classes it finds in the source, so the
 * board sets it inline (components/board/canvas/card-style.ts) and the SVG export draws with it.
 */
const FONT_SIZE_PIXELS: Record<string, [number, number]> = {
  "text-xs": [12, 16],
  "text-sm": [14, 20],
  "text-base": [16, 24],
  "text-lg": [18, 28],
  "text-xl": [20, 28],
  "text-2xl": [24, 32],
  "text-3xl": [30, 36],
  "text-4xl": [36, 40],
  "text-5xl": [48, 48],
  "text-6xl": [60, 60],
  "text-7xl": [72, 72],
  "text-8xl": [96, 96],
  "text-9xl": [128, 128],
};

/** [font size, line height] in pixels; the default size (text-sm) for an unknown value. */
export function fontSizePixels(fontSize: string): [number, number] {
  return FONT_SIZE_PIXELS[fontSize] ?? FONT_SIZE_PIXELS["text-sm"]!;
}
