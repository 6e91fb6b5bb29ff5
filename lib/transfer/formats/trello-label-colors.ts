/**
 * Trello's label colours as card fills of the board's palette (components/ui/color-picker.tsx):
 * a label's plain and `_light` shades take the palette's light tint of that hue, so the card's
 * text stays dark and readable as on Trello's cards; `_dark` shades take the strong hue (the board
 * then writes white text on it). Trello's lime, pink and black have no swatch of their own: they
 * take Tailwind's lime-100, pink-100 and slate-200 (and lime-500, pink-500, slate-800 when dark).
 */
const LIGHT: Record<string, string> = {
  green: "#dcfce7",
  yellow: "#fef9c3",
  orange: "#ffedd5",
  red: "#fee2e2",
  purple: "#ede9fe",
  blue: "#dbeafe",
  sky: "#cffafe",
  lime: "#ecfccb",
  pink: "#fce7f3",
  black: "#e2e8f0",
};

const DARK: Record<string, string> = {
  green: "#22c55e",
  yellow: "#eab308",
  orange: "#f97316",
  red: "#ef4444",
  purple: "#a855f7",
  blue: "#3b82f6",
  sky: "#06b6d4",
  lime: "#84cc16",
  pink: "#ec4899",
  black: "#1e293b",
};

/** A Trello label colour ("green", "green_light", "green_dark") as a fill; "" for none or an unknown one. */
export function trelloLabelFill(color: string | null | undefined): string {
  const match = /^([a-z]+?)(?:_(light|dark))?$/.exec(color ?? "");
  if (!match) return "";
  const [, hue, shade] = match;
  return (shade === "dark" ? DARK : LIGHT)[hue!] ?? "";
}
