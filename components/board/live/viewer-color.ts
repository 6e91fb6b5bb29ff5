/** A steady color per person (from their user id), so their initials and their card marker match. */
const COLORS = ["#7c3aed", "#0891b2", "#db2777", "#ea580c", "#16a34a", "#2563eb", "#ca8a04", "#dc2626"];

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
