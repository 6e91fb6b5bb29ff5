import type { CardContentProps, CardTypeView } from "../card-view";

function DesignEmbedContent({ card, url, editable, selected }: CardContentProps) {
  if (!url) return null;
  return (
    <iframe
      src={url}
      title={card.note.trim() || "Design embed"}
      // Scripts run, but without allow-same-origin the frame is an opaque origin: it cannot read
      // this app's cookies or storage, nor script the page. No referrer leaks the board's URL.
      sandbox="allow-scripts allow-popups"
      referrerPolicy="no-referrer"
      loading="lazy"
      className="absolute inset-0 size-full border-0 bg-white"
      style={{ pointerEvents: editable && !selected ? "none" : "auto" }}
    />
  );
}

export const designEmbedView: CardTypeView = {
  Content: DesignEmbedContent,
  inspector: {},
  preview: { glyph: <span className="size-2 shrink-0 rounded-[2px] border border-violet-400 bg-violet-100" /> },
};
