const FONT_LABELS: Record<string, string> = {
  "text-xs": "Extra small",
  "text-sm": "Small",
  "text-base": "Medium",
  "text-lg": "Large",
  "text-xl": "Extra large",
};

/** A card's font size as the inspectors name it ("text-lg": "Large"); a size this UI does not know, by its own name. */
export function fontSizeLabel(size: string): string {
  return FONT_LABELS[size] ?? size.replace("text-", "").toUpperCase();
}
