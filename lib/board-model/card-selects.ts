import type { Prisma } from "@/lib/db/generated/client";
import type { CardAttachment } from "./card-schemas";
import { CARD_FIELD_NAMES, cardFieldSpec, type CARD_FIELDS, type CardFieldName } from "./card-fields";

type ListedField = { [K in CardFieldName]: (typeof CARD_FIELDS)[K] extends { listed: true } ? K : never }[CardFieldName];
type SelectOf<K extends string> = { readonly [P in K]: true };

function selectOf<K extends string>(names: readonly K[]): SelectOf<K> {
  return Object.fromEntries(names.map((name) => [name, true])) as SelectOf<K>;
}

/** In the snap list response each card carries only its id and the fields the table marks `listed` (docs/API.md, "Snaps"). */
export const cardListSelect = selectOf<"id" | ListedField>([
  "id",
  ...CARD_FIELD_NAMES.filter((name): name is ListedField => cardFieldSpec(name).listed === true),
]);

/** Every field of a card. */
export const cardSelect = selectOf<"id" | "snapId" | CardFieldName>(["id", "snapId", ...CARD_FIELD_NAMES]);

/** Reading order on the grid: by row, then column. */
export const cardGridOrder: Prisma.CardOrderByWithRelationInput[] = [{ row: "asc" }, { col: "asc" }];

/** A card as every card endpoint answers it (the attachments column typed as the trigger keeps it). */
export type CardView = Omit<Prisma.CardGetPayload<{ select: typeof cardSelect }>, "attachments"> & { attachments: CardAttachment[] };
