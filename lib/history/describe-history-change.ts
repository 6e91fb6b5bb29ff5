import { CARD_FIELDS, type CardFieldChange, type CardFieldName } from "@/lib/board-model/card-fields";
import type { HistoryChange } from "./history-change";
import type { HistoryChanges } from "./history-schemas";

const IDS_LISTED = 100;

const touched = (ids: readonly string[], count = ids.length) => ({ count, ids: ids.slice(0, IDS_LISTED) });

/** The counts and ids of what a version touched (the history entry's `changes`). */
export function historyChangesOf(change: HistoryChange): HistoryChanges {
  const createdCards = change.createdSnap?.cardIds ?? (change.createdCards ?? []).map((card) => card.id);
  return {
    cards: {
      created: touched(createdCards, change.createdSnap?.cardCount ?? createdCards.length),
      updated: touched(Object.keys(change.updatedCards ?? {})),
      deleted: touched(change.deletedCardIds ?? []),
    },
    lines: {
      created: touched((change.createdLines ?? []).map((line) => line.id)),
      updated: touched((change.updatedLines ?? []).map((line) => line.id)),
      deleted: touched(change.deletedLineIds ?? []),
    },
    snapFields: Object.keys(change.snap ?? {}).filter((field) => field !== "folder"),
  };
}

/** A short sentence for a version: "Moved 3 cards", "Renamed the snap", "Restored version 12". */
export function summarizeHistoryChange(change: HistoryChange): string {
  if (change.createdSnap) return "Created the snap";
  if (change.restoredFrom !== undefined) return `Restored version ${change.restoredFrom}`;
  const parts: string[] = [];
  const cards = (n: number) => (n === 1 ? "a card" : `${n} cards`);
  const lines = (n: number) => (n === 1 ? "a line" : `${n} lines`);

  const created = change.createdCards?.length ?? 0;
  if (created) parts.push(`added ${cards(created)}`);
  const updates = Object.values(change.updatedCards ?? {});
  if (updates.length) parts.push(`${cardVerb(updates.map((fields) => Object.keys(fields)).flat())} ${cards(updates.length)}`);
  const deleted = change.deletedCardIds?.length ?? 0;
  if (deleted) parts.push(`deleted ${cards(deleted)}`);

  const createdLines = change.createdLines?.length ?? 0;
  if (createdLines) parts.push(createdLines === 1 ? "connected two cards" : `added ${lines(createdLines)}`);
  const updatedLines = change.updatedLines?.length ?? 0;
  if (updatedLines) parts.push(`restyled ${lines(updatedLines)}`);
  // The lines that went with deleted cards are not news of their own.
  const deletedLines = deleted ? 0 : (change.deletedLineIds?.length ?? 0);
  if (deletedLines) parts.push(`deleted ${lines(deletedLines)}`);

  if (change.snap && Object.keys(change.snap).length) parts.push(snapPhrase(change.snap));

  if (parts.length === 0) return "Saved without changes";
  const sentence = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return sentence[0]!.toUpperCase() + sentence.slice(1);
}

/** What a change of only these fields is called; a field history no longer knows counts as a look. */
const CHANGE_VERBS: Record<CardFieldChange, string> = {
  move: "moved",
  resize: "resized",
  text: "edited the text of",
  look: "restyled",
  lock: "locked or unlocked",
};

/** The verb for cards whose changed fields are these, from each field's `change` in the card field table. */
function cardVerb(fields: readonly string[]): string {
  const changes = new Set(fields.map((field) => (field in CARD_FIELDS ? CARD_FIELDS[field as CardFieldName].change : "look")));
  if (changes.size === 0) return CHANGE_VERBS.look;
  const [only] = changes;
  if (changes.size === 1) return CHANGE_VERBS[only!];
  if (changes.size === 2 && changes.has("move") && changes.has("resize")) return "moved and resized";
  return "edited";
}

const SHARING = new Set(["isPublic", "shareMode", "shareToken", "sharedWithWorkspace"]);

function snapPhrase(snap: Record<string, unknown>): string {
  const fields = Object.keys(snap);
  const only = (...names: string[]) => fields.every((field) => names.includes(field));
  if (only("title")) return "renamed the snap";
  if (only("folderId", "folder")) return snap.folderId === null ? "took the snap out of its folder" : "moved the snap to a folder";
  if (fields.every((field) => SHARING.has(field))) return "changed sharing";
  if (only("rowHeights", "colWidths")) return "resized rows or columns";
  return "changed the snap's settings";
}
