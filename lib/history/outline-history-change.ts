import type { HistoryChange } from "./history-change";

/**
 * What the history listing reads of a change (summarizeHistoryChange, historyChangesOf): its ids
 * and field names, never the values. A change holds whole cards (up to a batch's 8 MB), so the
 * listing reads this outline, stored beside it (SnapHistory.outline), instead. Updated fields and
 * snap fields keep their names (value true); the snap's folderId keeps its value (null: taken out
 * of its folder). Its size follows the batch's 100 cards, not their content.
 */
export function outlineHistoryChange(change: HistoryChange): HistoryChange {
  const outline: Record<string, unknown> = {};
  if (change.createdSnap) outline.createdSnap = change.createdSnap;
  if (change.restoredFrom !== undefined) outline.restoredFrom = change.restoredFrom;
  if (change.createdCards) outline.createdCards = change.createdCards.map(({ id }) => ({ id }));
  if (change.updatedCards) {
    outline.updatedCards = Object.fromEntries(
      Object.entries(change.updatedCards).map(([id, fields]) => [id, Object.fromEntries(Object.keys(fields).map((field) => [field, true]))]),
    );
  }
  if (change.deletedCardIds) outline.deletedCardIds = change.deletedCardIds;
  if (change.createdLines) outline.createdLines = change.createdLines.map(({ id }) => ({ id }));
  if (change.updatedLines) outline.updatedLines = change.updatedLines.map(({ id }) => ({ id }));
  if (change.deletedLineIds) outline.deletedLineIds = change.deletedLineIds;
  if (change.snap) outline.snap = Object.fromEntries(Object.entries(change.snap).map(([key, value]) => [key, key === "folderId" ? value : true]));
  return outline as HistoryChange;
}
