/**
 * How a card looks, as the board styles it (components/board/card-style.ts, status-tone.ts), in
 * plain colors for the SVG export.
 */

/** Tailwind's text sizes in pixels: [font size, line height]. */
const FONT_SIZES: Record<string, [number, number]> = {
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

export function fontSizePixels(fontSize: string): [number, number] {
  return FONT_SIZES[fontSize] ?? [14, 20];
}

export const TEXT_COLOR = "#0f172a";
const BORDER_COLOR = "#cbd5e1";

function parseHexColor(color: string): [number, number, number, number] | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color);
  if (!match) return null;
  let hex = match[1]!;
  if (hex.length === 3) hex = [...hex].map((digit) => digit + digit).join("");
  const channel = (at: number) => parseInt(hex.slice(at, at + 2), 16);
  return [channel(0), channel(2), channel(4), hex.length === 8 ? channel(6) / 255 : 1];
}

function luminance([r, g, b]: [number, number, number, number]): number {
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const rgba = (r: number, g: number, b: number, a: number) => `rgba(${r},${g},${b},${Math.round(a * 1000) / 1000})`;

/** Fill, border and text colors of a card: its color at cellOpacity, a darker border, white text on dark fills. */
export function cardColors(color: string, cellOpacity: number): { fill: string; border: string; text: string } {
  const parsed = parseHexColor(color);
  const opacity = Math.min(100, Math.max(0, cellOpacity)) / 100;
  const [r, g, b, a] = parsed ?? [255, 255, 255, 1];
  const alpha = a * opacity;
  if (!parsed) return { fill: rgba(255, 255, 255, alpha), border: BORDER_COLOR, text: TEXT_COLOR };
  return {
    fill: rgba(r, g, b, alpha),
    border: rgba(Math.round(r * 0.7), Math.round(g * 0.7), Math.round(b * 0.7), Math.max(alpha, 0.35)),
    text: alpha >= 0.5 && luminance(parsed) < 0.35 ? "#ffffff" : TEXT_COLOR,
  };
}

const TONES = [
  { pattern: /\b(done|complete|completed|shipped|live|ok|approved|resolved|green)\b/i, fill: "#d1fae5", text: "#065f46", dot: "#10b981" },
  { pattern: /\b(block|blocked|late|risk|at risk|failed|failing|red|stuck|overdue)\b/i, fill: "#fee2e2", text: "#991b1b", dot: "#ef4444" },
  { pattern: /\b(progress|doing|review|wip|started|active|amber|yellow|pending|waiting)\b/i, fill: "#fef3c7", text: "#78350f", dot: "#f59e0b" },
  { pattern: /\b(todo|to do|planned|next|backlog|new|open)\b/i, fill: "#e0f2fe", text: "#075985", dot: "#0ea5e9" },
];
const NEUTRAL = { fill: "#f1f5f9", text: "#334155", dot: "#94a3b8" };

/** A status chip's colors from its words, as on the board. */
export function statusColors(text: string): { fill: string; text: string; dot: string } {
  return TONES.find((tone) => tone.pattern.test(text)) ?? NEUTRAL;
}
