import { statusTone } from "../canvas/status-tone";
import type { CardContentProps, CardTypeView } from "./card-type-view";

function StatusContent({ card }: CardContentProps) {
  const tone = statusTone(card.title);
  return (
    <span className="block">
      <span className={`inline-flex max-w-full items-center gap-1.5 rounded-full px-2.5 py-0.5 font-semibold ring-1 ring-inset ${tone.chip}`}>
        <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${tone.dot}`} />
        <span className="truncate">{card.title || "Status"}</span>
      </span>
    </span>
  );
}

export const statusView: CardTypeView = {
  Content: StatusContent,
  inspector: {},
  preview: { glyph: <span className="size-1.5 shrink-0 rounded-full bg-emerald-500" />, textClass: "text-emerald-800" },
};
