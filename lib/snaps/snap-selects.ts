import { cardListSelect, cardGridOrder } from "@/lib/cards/card-selects";

/** Spec 2.1: the snap fields every snap response carries (folder as {id, name} or null). */
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
  folder: { select: { id: true, name: true } },
} as const;

/** The list response's snap: its fields plus cards reduced to nine fields, in grid order. */
export const snapListSelect = {
  ...snapFieldsSelect,
  cards: { select: cardListSelect, orderBy: cardGridOrder },
} as const;
