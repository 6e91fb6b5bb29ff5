import type { CardView } from "@/lib/board-model/card-selects";
import type { LineView } from "@/lib/board-model/line-selects";
import type { SnapChange } from "@/lib/live/snap-change";

/** A card's fields as one write set them (its id and snap are the entry's). */
export type CardFields = Partial<Omit<CardView, "id" | "snapId">>;

/**
 * What one version did to its snap, as stored in SnapHistory.change: the NEW values only (a card
 * update keeps the fields it set, a create the whole card, a delete the id). The version before
 * is what earlier entries and the last snapshot already hold (docs/ARCHITECTURE.md, "History").
 */
export interface HistoryChange {
  /** The snap's creation (its snapshot holds the cards): how many cards, and the first ids. */
  createdSnap?: { cardCount: number; cardIds: string[] };
  restoredFrom?: number;
  createdCards?: CardView[];
  updatedCards?: Record<string, CardFields>;
  deletedCardIds?: string[];
  createdLines?: LineView[];
  updatedLines?: LineView[];
  deletedLineIds?: string[];
  /** Snap fields this version changed, with their new values (folder as {id, name}). */
  snap?: Record<string, unknown>;
}

/** What a write passes beside its live change: the card rows it wrote, and whether it created them (and its lines). */
export interface Written {
  cards?: readonly CardView[];
  created?: boolean;
}

/** A live change (lib/live/snap-change.ts) and the rows the write returned, as one history entry's change. */
export function historyChangeOf(change: SnapChange, { cards = [], created = false }: Written = {}): HistoryChange {
  const result: HistoryChange = {};
  const fieldsById = change.cardFields ?? {};
  const mine = cards.filter((card) => card.snapId === change.snapId && card.id in fieldsById);
  if (mine.length && created) result.createdCards = [...mine];
  if (mine.length && !created) {
    result.updatedCards = Object.fromEntries(mine.map((card) => [card.id, pickFields(card, fieldsById[card.id] ?? [])]));
  }
  if (change.deletedCardIds?.length) result.deletedCardIds = change.deletedCardIds;
  if (change.lines?.length) result[created ? "createdLines" : "updatedLines"] = change.lines;
  if (change.deletedLineIds?.length) result.deletedLineIds = change.deletedLineIds;
  if (change.snap && Object.keys(change.snap).length) result.snap = change.snap;
  return result;
}

function pickFields(card: CardView, fields: readonly string[]): CardFields {
  const record = card as unknown as Record<string, unknown>;
  return Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, record[field]])) as CardFields;
}
