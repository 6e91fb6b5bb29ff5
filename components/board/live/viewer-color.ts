/**
 * A steady color per person (from their user id), so their initials and their card marker match.
 * Tailwind's 700 shades: white initials on each keep WCAG AA contrast (at least 4.9:1; the 600 shades
 * of cyan, orange, green and yellow fell under 4.5:1, found by axe for users whose id chose them).
 */
const COLORS = ["#6d28d9", "#0e7490", "#be185d", "#c2410c", "#15803d", "#1d4ed8", "#a16207", "#b91c1c"];

/**
 * The initials on a viewer colour: white in both themes, as the colours are fixed ones (the palette's
 * text-white is the dark surface in the dark theme).
 */
export const VIEWER_TEXT_COLOR = "#fff";

export function viewerColor(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length]!;
}
