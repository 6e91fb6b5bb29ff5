import { FONT_SIZES } from "@/lib/board-model/card-constants";

/**
 * The board's measures against a spreadsheet's, one table for import and export so that a board
 * goes out and back unchanged: a column's width in characters of the default font's digit (7 px
 * for Calibri 11 at 96 dpi, plus 5 px of padding, as Excel converts), a row's height in points,
 * a card's font size class in points.
 */
const DIGIT_PX = 7;
const PADDING_PX = 5;

export const columnPixels = (characters: number) => Math.round(characters * DIGIT_PX + PADDING_PX);
export const columnCharacters = (pixels: number) => Math.max(0, (pixels - PADDING_PX) / DIGIT_PX);
export const rowPixels = (points: number) => Math.round((points * 96) / 72);
export const rowPoints = (pixels: number) => (pixels * 72) / 96;

/** Each font size class in points (text-sm is Calibri's 11, the sheet's default). */
export const FONT_POINTS: Record<(typeof FONT_SIZES)[number], number> = {
  "text-xs": 9,
  "text-sm": 11,
  "text-base": 13,
  "text-lg": 16,
  "text-xl": 20,
  "text-2xl": 24,
  "text-3xl": 30,
  "text-4xl": 36,
  "text-5xl": 48,
  "text-6xl": 60,
  "text-7xl": 72,
  "text-8xl": 96,
  "text-9xl": 128,
};

/** The class nearest a size in points. */
export function fontSizeClass(points: number): (typeof FONT_SIZES)[number] {
  let best: (typeof FONT_SIZES)[number] = "text-sm";
  for (const size of FONT_SIZES) if (Math.abs(FONT_POINTS[size] - points) < Math.abs(FONT_POINTS[best] - points)) best = size;
  return best;
}

/** "A1" → [row 0, col 0]; null for anything else. Columns to XFD (16,384), rows to 1,048,576. */
export function parseCellRef(ref: string): [number, number] | null {
  const match = /^\$?([A-Z]{1,3})\$?([1-9]\d{0,6})$/.exec(ref.toUpperCase());
  if (!match) return null;
  let col = 0;
  for (const letter of match[1]!) col = col * 26 + (letter.charCodeAt(0) - 64);
  return [Number(match[2]) - 1, col - 1];
}

export function cellRef(row: number, col: number): string {
  let letters = "";
  for (let rest = col + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return `${letters}${row + 1}`;
}
