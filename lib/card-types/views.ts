import type { CardTypeView } from "./card-view";
import { designEmbedView } from "./designembed/designembed-view";
import { imageView } from "./image/image-view";
import { linkView } from "./link/link-view";
import { normalView } from "./normal/normal-view";
import { cardTypeOf, type CardTypeName } from "./registry";
import { statusView } from "./status/status-view";
import { todoView } from "./todo/todo-view";

/**
 * Every registered type's view, kept apart from the registry so the server's validation and
 * export never load React: the compiler asks for one per name in registry.ts.
 */
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
