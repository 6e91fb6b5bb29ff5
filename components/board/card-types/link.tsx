import { ExternalLinkIcon } from "@/components/ui/icons";
import { displayUrl } from "../safe-url";
import type { CardContentProps, CardTypeView } from "./card-type-view";

function LinkContent({ url }: CardContentProps) {
  if (!url) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex max-w-full items-center gap-1 font-medium break-all text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-600"
    >
      <span className="min-w-0">{displayUrl(url)}</span>
      <ExternalLinkIcon className="size-[0.9em] min-h-3 min-w-3 shrink-0" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export const linkView: CardTypeView = {
  Content: LinkContent,
  inspector: {},
  preview: { glyph: <span className="h-0.5 w-2 shrink-0 rounded-full bg-sky-500" />, textClass: "text-sky-700" },
};
