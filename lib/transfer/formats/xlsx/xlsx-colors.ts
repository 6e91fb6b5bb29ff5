/**
 * SpreadsheetML colours as the board's hex (ECMA-376 Part 1, 18.8.3 and 18.8.19): `rgb` (ARGB),
 * `theme` (an index into the workbook's theme colours) with `tint` (lighter or darker, as Excel's
 * and Google Sheets' palettes write their shades), and `indexed` (the legacy 64-colour palette).
 */
export interface XlsxColor {
  rgb?: string;
  theme?: number;
  tint?: number;
  indexed?: number;
  auto?: boolean;
}

/** Office's default theme (2013–2022), for a workbook without a theme part. */
export const DEFAULT_THEME = ["FFFFFF", "000000", "E7E6E6", "44546A", "4472C4", "ED7D31", "A5A5A5", "FFC000", "5B9BD5", "70AD47", "0563C1", "954F72"];

/** The legacy indexed palette (0–63); 64 is the system foreground, 65 the background. */
const INDEXED = [
  "000000",
  "FFFFFF",
  "FF0000",
  "00FF00",
  "0000FF",
  "FFFF00",
  "FF00FF",
  "00FFFF",
  "000000",
  "FFFFFF",
  "FF0000",
  "00FF00",
  "0000FF",
  "FFFF00",
  "FF00FF",
  "00FFFF",
  "800000",
  "008000",
  "000080",
  "808000",
  "800080",
  "008080",
  "C0C0C0",
  "808080",
  "9999FF",
  "993366",
  "FFFFCC",
  "CCFFFF",
  "660066",
  "FF8080",
  "0066CC",
  "CCCCFF",
  "000080",
  "FF00FF",
  "FFFF00",
  "00FFFF",
  "800080",
  "800000",
  "008080",
  "0000FF",
  "00CCFF",
  "CCFFFF",
  "CCFFCC",
  "FFFF99",
  "99CCFF",
  "FF99CC",
  "CC99FF",
  "FFCC99",
  "3366FF",
  "33CCCC",
  "99CC00",
  "FFCC00",
  "FF9900",
  "FF6600",
  "666699",
  "969696",
  "003366",
  "339966",
  "003300",
  "333300",
  "993300",
  "993366",
  "333399",
  "333333",
];

/**
 * The theme's colours in SpreadsheetML's index order. The theme part lists dk1, lt1, dk2, lt2,
 * accent1–6, hlink, folHlink; a cell's `theme` index swaps the first two pairs (0 is lt1, the
 * light background; 1 is dk1), as Excel reads them.
 */
export function themeIndexOrder(schemeColors: Map<string, string>): string[] {
  const order = ["lt1", "dk1", "lt2", "dk2", "accent1", "accent2", "accent3", "accent4", "accent5", "accent6", "hlink", "folHlink"];
  return order.map((name, index) => schemeColors.get(name) ?? DEFAULT_THEME[index]!);
}

/** A colour as #rrggbb; null for automatic, an unknown index or anything unreadable. */
export function resolveColor(color: XlsxColor | undefined, theme: readonly string[]): string | null {
  if (!color || color.auto) return null;
  let rgb: string | undefined;
  if (color.rgb && /^([0-9a-f]{2})?[0-9a-f]{6}$/i.test(color.rgb)) rgb = color.rgb.slice(-6);
  else if (color.theme !== undefined) rgb = theme[color.theme];
  else if (color.indexed !== undefined) rgb = INDEXED[color.indexed];
  if (!rgb) return null;
  return `#${(color.tint ? applyTint(rgb, color.tint) : rgb).toLowerCase()}`;
}

/**
 * A tint as Excel applies it: in HLS, lightness L becomes L × (1 + tint) for a negative tint
 * (darker) and L × (1 − tint) + tint for a positive one (lighter); hue and saturation stay.
 */
export function applyTint(rgb: string, tint: number): string {
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(rgb.slice(at, at + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  let lightness = (max + min) / 2;
  const delta = max - min;
  let hue = 0;
  let saturation = 0;
  if (delta !== 0) {
    saturation = lightness < 0.5 ? delta / (max + min) : delta / (2 - max - min);
    if (max === r) hue = ((g - b) / delta) % 6;
    else if (max === g) hue = (b - r) / delta + 2;
    else hue = (r - g) / delta + 4;
    hue /= 6;
    if (hue < 0) hue += 1;
  }
  const clamped = Math.max(-1, Math.min(1, tint));
  lightness = clamped < 0 ? lightness * (1 + clamped) : lightness * (1 - clamped) + clamped;
  return hlsToHex(hue, lightness, saturation);
}

function hlsToHex(hue: number, lightness: number, saturation: number): string {
  const channel = (value: number) =>
    Math.round(Math.max(0, Math.min(1, value)) * 255)
      .toString(16)
      .padStart(2, "0")
      .toUpperCase();
  if (saturation === 0) return channel(lightness).repeat(3);
  const q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation;
  const p = 2 * lightness - q;
  const fromHue = (t: number) => {
    const at = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (at < 1 / 6) return p + (q - p) * 6 * at;
    if (at < 1 / 2) return q;
    if (at < 2 / 3) return p + (q - p) * (2 / 3 - at) * 6;
    return p;
  };
  return channel(fromHue(hue + 1 / 3)) + channel(fromHue(hue)) + channel(fromHue(hue - 1 / 3));
}

/** A colour element's attributes (`<fgColor theme="4" tint="0.3999"/>`) as an XlsxColor. */
export function colorOf(attributes: Record<string, string>): XlsxColor {
  const number = (value: string | undefined) => (value !== undefined && Number.isFinite(Number(value)) ? Number(value) : undefined);
  return {
    rgb: attributes.rgb,
    theme: number(attributes.theme),
    tint: number(attributes.tint),
    indexed: number(attributes.indexed),
    auto: attributes.auto === "1" || attributes.auto === "true",
  };
}
