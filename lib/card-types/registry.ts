import type { CardType } from "./card-type";
import { designEmbedCardType } from "./designembed/designembed";
import { imageCardType } from "./image/image";
import { linkCardType } from "./link/link";
import { normalCardType } from "./normal/normal";
import { statusCardType } from "./status/status";
import { todoCardType } from "./todo/todo";

/**
 * Every card type the product knows, in the inspector's order. Adding one: its folder here
 * (`<name>/<name>.ts` and `<name>-view.tsx`), a line in this list and one in views.ts, which the
 * compiler asks for (docs/ARCHITECTURE.md, "Card types").
 */
export const CARD_TYPES = [normalCardType, todoCardType, statusCardType, linkCardType, imageCardType, designEmbedCardType] as const;

export type CardTypeName = (typeof CARD_TYPES)[number]["name"];

/** The known cellType values. Others are accepted too (docs/API.md, "Cards") and shown as text. */
export const KNOWN_CELL_TYPES: readonly CardTypeName[] = CARD_TYPES.map((type) => type.name);

const BY_NAME: ReadonlyMap<string, CardType<CardTypeName>> = new Map(CARD_TYPES.map((type) => [type.name, type]));

export function isKnownCardType(name: string): name is CardTypeName {
  return BY_NAME.has(name);
}

/** A card's type; an unknown cellType is treated as normal text. */
export function cardTypeOf(cellType: string): CardType<CardTypeName> {
  return BY_NAME.get(cellType) ?? normalCardType;
}
