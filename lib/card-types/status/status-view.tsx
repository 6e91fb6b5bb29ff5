import type { CardContentProps, CardTypeView } from "../card-view";
import { STATUS_PALETTE, statusToneOf } from "./status";

function StatusContent({ card }: CardContentProps) {
  const tone = STATUS_PALETTE[statusToneOf(card.title)];
  return (
    <span className="block">
      <span className={`inline-flex max-w-full items-center gap-1.5 rounded-full px-2.5 py-0.5 font-semibold ring-1 ring-inset ${tone.chipClass}`}>
        <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${tone.dotClass}`} />
        <span className="truncate">{card.title || "Status"}</span>
      </span>
    </span>
  );
}

export const statusView: CardTypeView = {
  Content: StatusContent,
  inspector: {},
  preview: { glyph: <span className={`size-1.5 shrink-0 rounded-full ${STATUS_PALETTE.done.dotClass}`} />, textClass: "text-emerald-800" },
};
