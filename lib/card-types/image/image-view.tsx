import type { CardContentProps, CardTypeView } from "../card-view";

function ImageContent({ card, url }: CardContentProps) {
  if (!url) return null;
  return (
    // Any host's image, so not next/image (which needs each host configured); the CSP allows http(s) images.
    // eslint-disable-next-line @next/next/no-img-element
    <img src={url} alt={card.note.trim() || "Image"} loading="lazy" draggable={false} className="absolute inset-0 size-full object-cover" />
  );
}

export const imageView: CardTypeView = {
  Content: ImageContent,
  inspector: { noteLabel: "Note (also the image's alt text)" },
  preview: { glyph: <span className="size-2 shrink-0 rounded-[2px] bg-gradient-to-br from-amber-300 to-rose-400" /> },
};
