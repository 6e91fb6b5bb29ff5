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

/** At most this many cards of one kind of change are named, and one when the version did several kinds; more are counted. */
export const CARDS_NAMED = 3;
const NAME_CHARS = 40;

/** The ids of the cards a summary would name: each kind of change's, when there are few. */
export function cardsToName(change: HistoryChange): string[] {
  const groups = [(change.createdCards ?? []).map((card) => card.id), Object.keys(change.updatedCards ?? {}), change.deletedCardIds ?? []];
  return groups.filter((ids) => ids.length <= CARDS_NAMED).flat();
}

/** “Venue”, “Venue” and “Budget”: the cards by their titles when all have one, else their count. */
function cardsPhrase(ids: readonly string[], named: number, titleOf: (cardId: string) => string | undefined): string {
  const titles = ids.length <= named ? ids.map((id) => titleOf(id)?.split("\n")[0]?.trim()) : [];
  if (titles.length && titles.every(Boolean)) {
    const names = titles.map((title) => `“${title!.length > NAME_CHARS ? `${title!.slice(0, NAME_CHARS - 1)}…` : title}”`);
    return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  }
  return ids.length === 1 ? "a card" : `${ids.length} cards`;
}

/**
 * A short sentence for a version: "Moved “Venue”", "Moved 3 cards", "Renamed the snap", "Restored
 * version 12". `titleOf` gives the titles of the cards to name (cardsToName), as they are now.
 */
export function summarizeHistoryChange(change: HistoryChange, titleOf: (cardId: string) => string | undefined = () => undefined): string {
  if (change.createdSnap) return "Created the snap";
  if (change.restoredFrom !== undefined) return `Restored version ${change.restoredFrom}`;
  const parts: string[] = [];
  const lines = (n: number) => (n === 1 ? "a line" : `${n} lines`);
  const created = (change.createdCards ?? []).map((card) => card.id);
  const updated = Object.entries(change.updatedCards ?? {});
  const kinds = [created.length, updated.length, change.deletedCardIds?.length ?? 0].filter(Boolean).length;
  const cards = (ids: readonly string[]) => cardsPhrase(ids, kinds > 1 ? 1 : CARDS_NAMED, titleOf);

  if (created.length) parts.push(`added ${cards(created)}`);
  if (updated.length) parts.push(`${cardVerb(updated.map(([, fields]) => Object.keys(fields)).flat())} ${cards(updated.map(([id]) => id))}`);
  const deleted = change.deletedCardIds?.length ?? 0;
  if (deleted) parts.push(`deleted ${cards(change.deletedCardIds!)}`);

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
