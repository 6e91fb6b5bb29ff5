import { cardGridOrder, cardListSelect, cardSelect } from "@/lib/board-model/card-selects";
import type { Prisma } from "@/lib/db/generated/client";
import { lineSelect } from "@/lib/board-model/line-selects";

/** The snap fields every snap response carries (folder as {id, name} or null), plus the live version. */
export const snapFieldsSelect = {
  id: true,
  title: true,
  subtitle: true,
  icon: true,
  userId: true,
  createdAt: true,
  updatedAt: true,
  fontFamily: true,
  canvasBackgroundColor: true,
  folderId: true,
  isPublic: true,
  shareMode: true,
  shareToken: true,
  sharedWithWorkspace: true,
  cellSpacing: true,
  rowHeights: true,
  colWidths: true,
  version: true,
  folder: { select: { id: true, name: true } },
} as const;

/** The list response's snap: its fields plus cards reduced to nine fields, in grid order. */
export const snapListSelect = {
  ...snapFieldsSelect,
  cards: { select: cardListSelect, orderBy: cardGridOrder },
} as const;

// id breaks ties, so cards sharing a cell and lines created together keep a stable order.
const detailCardOrder: Prisma.CardOrderByWithRelationInput[] = [...cardGridOrder, { id: "asc" }];
const lineOrder: Prisma.LineOrderByWithRelationInput[] = [{ createdAt: "asc" }, { id: "asc" }];

/** The single-snap response: every field, full cards in grid order, lines, folder. */
export const snapDetailSelect = {
  ...snapFieldsSelect,
  cards: { select: cardSelect, orderBy: detailCardOrder },
  lines: { select: lineSelect, orderBy: lineOrder },
} as const;

/**
 * The board pages' first read (findSnapOpening): the snap's fields and its lines;
 * the cards come by region, as the board is shown.
 */
export const snapOpeningSelect = {
  ...snapFieldsSelect,
  lines: { select: lineSelect, orderBy: lineOrder },
} as const;

/** The workspace listing's summary before cellCount and previewCells are added. */
export const snapSummarySelect = {
  id: true,
  title: true,
  subtitle: true,
  icon: true,
  isPublic: true,
  shareToken: true,
  shareMode: true,
  folder: { select: { id: true, name: true } },
  createdAt: true,
  updatedAt: true,
} as const;
