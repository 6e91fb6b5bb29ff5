import type { CardView } from "@/lib/board-model/card-selects";
import type { LineView } from "@/lib/board-model/line-selects";
import { historyChangeOf, type HistoryChange } from "@/lib/history/history-change";
import { fieldsSet, type SnapChange } from "@/lib/live/snap-change";
import { cardEvents, cardsDeletedEvent, linesDeletedEvent, linesEvent } from "@/lib/events/feed-event-inputs";
import type { FeedEventInput } from "@/lib/events/record-feed-events";

/** What a change did (lib/snaps/apply-snap-changes.ts), item lists beside the rows they wrote (in the same order). */
export interface AppliedChange {
  snapId: string;
  create: readonly object[];
  created: readonly CardView[];
  update: readonly object[];
  updated: readonly CardView[];
  deletes: readonly string[];
  /** The lines that went with the deleted cards. */
  lineIds: readonly string[];
  createdLines: readonly LineView[];
  updatedLines: readonly LineView[];
  /** The lines of `lines.delete`. */
  deletedLines: readonly string[];
  /** The snap fields written, as stored. */
  snap: Record<string, unknown> | null;
}

function fieldsById(cards: readonly CardView[], items: readonly object[]): Record<string, string[]> {
  return Object.fromEntries(cards.map((card, index) => [card.id, fieldsSet(items[index] ?? {})]));
}

/** The live event's payload: the cards named with the fields set, the lines as written, the snap fields. */
export function liveChangeOf(applied: AppliedChange): SnapChange {
  const { snapId, create, created, update, updated, deletes, lineIds, createdLines, updatedLines, deletedLines, snap } = applied;
  const change: SnapChange = { snapId, cardFields: { ...fieldsById(created, create), ...fieldsById(updated, update) } };
  if (deletes.length) change.deletedCardIds = [...deletes];
  if (createdLines.length || updatedLines.length) change.lines = [...createdLines, ...updatedLines];
  if (lineIds.length || deletedLines.length) change.deletedLineIds = [...lineIds, ...deletedLines];
  if (snap) change.snap = snap;
  return change;
}

/** History keeps the new values: whole cards and lines created, the fields set on those updated, the ids deleted. */
export function historyOfChange(applied: AppliedChange): HistoryChange {
  const { snapId, create, created, update, updated, deletes, lineIds, createdLines, updatedLines, deletedLines, snap } = applied;
  const withDeletes: SnapChange = {
    snapId,
    cardFields: fieldsById(updated, update),
    deletedCardIds: [...deletes],
    deletedLineIds: [...lineIds, ...deletedLines],
  };
  const history: HistoryChange = {
    ...historyChangeOf(withDeletes, { cards: updated }),
    ...historyChangeOf({ snapId, cardFields: fieldsById(created, create) }, { cards: created, created: true }),
  };
  if (createdLines.length) history.createdLines = [...createdLines];
  if (updatedLines.length) history.updatedLines = [...updatedLines];
  if (snap) history.snap = snap;
  return history;
}

/** One feed event per kind (the snap's own, snap.updated, is written after: it reads the snap as left). */
export function feedEventsOfChange({ snapId, created, updated, deletes, lineIds, createdLines, updatedLines, deletedLines }: AppliedChange): FeedEventInput[] {
  return [
    ...cardEvents("cards.created", created),
    ...cardEvents("cards.updated", updated),
    ...(deletes.length ? [cardsDeletedEvent(snapId, [...deletes], [...lineIds])] : []),
    ...(createdLines.length ? [linesEvent("lines.created", snapId, createdLines)] : []),
    ...(updatedLines.length ? [linesEvent("lines.updated", snapId, updatedLines)] : []),
    ...(deletedLines.length ? [linesDeletedEvent(snapId, deletedLines)] : []),
  ];
}
