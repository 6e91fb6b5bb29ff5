import type { CardTypeView } from "../card-view";
import { PlainText } from "../plain-text";

export const normalView: CardTypeView = {
  Content: ({ card }) => <PlainText text={card.title} />,
  inspector: {},
  preview: { glyph: null },
};
