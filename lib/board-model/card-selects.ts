import type { Prisma } from "@/lib/db/generated/client";
import type { CardAttachment } from "./card-schemas";

/** In the snap list response each card carries only these nine fields (docs/API.md, "Snaps"). */
export const cardListSelect = {
  id: true,
  row: true,
  col: true,
  rowSpan: true,
  colSpan: true,
  color: true,
  cellOpacity: true,
  borderRadius: true,
  borderSize: true,
} as const;

/** Every field of a card. */
export const cardSelect = {
  ...cardListSelect,
  snapId: true,
  title: true,
  cellType: true,
  completed: true,
  note: true,
  textAlign: true,
  verticalAlign: true,
  fontSize: true,
  bold: true,
  italic: true,
  underline: true,
  locked: true,
  attachments: true,
} as const;

/** Reading order on the grid: by row, then column. */
export const cardGridOrder: Prisma.CardOrderByWithRelationInput[] = [{ row: "asc" }, { col: "asc" }];

/** A card as every card endpoint answers it (the attachments column typed as the trigger keeps it). */
export type CardView = Omit<Prisma.CardGetPayload<{ select: typeof cardSelect }>, "attachments"> & { attachments: CardAttachment[] };
