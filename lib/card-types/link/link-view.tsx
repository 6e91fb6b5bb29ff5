import { cardColors } from "@/lib/board-look/card-colors";
import type { CardContentProps, CardTypeView } from "../card-view";
import { displayUrl } from "./link";

/** The theme's link colour; on a fill the user chose, the card's own text colour (set for that fill in both themes). */
const THEME_LINK = "text-indigo-700 decoration-indigo-300 hover:decoration-indigo-600";
const ON_OWN_FILL = "text-current decoration-current/40 hover:decoration-current";

function LinkContent({ card, url }: CardContentProps) {
  if (!url) return null;
  const onOwnFill = cardColors(card.color, card.cellOpacity).text !== null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex max-w-full items-center gap-1 font-medium break-all underline underline-offset-2 ${onOwnFill ? ON_OWN_FILL : THEME_LINK}`}
    >
      <span className="min-w-0">{displayUrl(url)}</span>
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        className="size-[0.9em] min-h-3 min-w-3 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M14 4h6v6M20 4l-9 9M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" />
      </svg>
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export const linkView: CardTypeView = {
  Content: LinkContent,
  inspector: {},
  preview: { glyph: <span className="h-0.5 w-2 shrink-0 rounded-full bg-sky-500" />, textClass: "text-sky-700" },
};
