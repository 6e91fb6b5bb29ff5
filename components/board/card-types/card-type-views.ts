import { cardTypeOf, type CardTypeName } from "@/lib/cards/card-types/registry";
import type { CardTypeView } from "./card-type-view";
import { designEmbedView } from "./designembed";
import { imageView } from "./image";
import { linkView } from "./link";
import { normalView } from "./normal";
import { statusView } from "./status";
import { todoView } from "./todo";

/** Every registered type's view: the compiler asks for one per name in lib/cards/card-types/registry.ts. */
const CARD_TYPE_VIEWS: Record<CardTypeName, CardTypeView> = {
  normal: normalView,
  todo: todoView,
  status: statusView,
  link: linkView,
  image: imageView,
  designembed: designEmbedView,
};

/** A card's view; an unknown cellType looks like normal text. */
export function cardTypeViewOf(cellType: string): CardTypeView {
  return CARD_TYPE_VIEWS[cardTypeOf(cellType).name];
}
