import { cardFieldTopic } from "@/lib/board-model/card-fields";
import type { BoardCard, CardPatch } from "../state/board-types";
import type { ChangeMessage } from "./live-messages";
import type { RemoteIds } from "./remote-change";

export interface Conflict {
  /** The card as people see it: its text, or where it is. */
  card: string;
  fields: string[];
  /** pending: my unsaved edit will win; overwritten: their write replaced my saved edit; deleted: the card is gone. */
  kind: "pending" | "overwritten" | "deleted";
}

export interface ConflictContext {
  ids: RemoteIds;
  cardById(localId: string): BoardCard | undefined;
  pendingCard(localId: string): CardPatch | undefined;
  /** The card whose text is open in the inline editor here. */
  editingCardId: string | null;
  /** The version at which this board last saved this field of this card. */
  savedAt(localId: string, field: string): number | undefined;
}

/**
 * Where someone else's write met this board's own edits: a field I have unsaved (or in the inline
 * editor), a field I saved after the version their edit was based on, or a card I was editing that
 * they deleted. A write without a base version (an API client) only counts against unsaved edits.
 */
export function findConflicts(change: ChangeMessage, context: ConflictContext): Conflict[] {
  const conflicts: Conflict[] = [];
  for (const [serverId, fields] of Object.entries(change.cardFields)) {
    const id = context.ids.localId(serverId);
    const card = context.cardById(id);
    if (!card) continue;
    const pending = { ...context.pendingCard(id), ...(context.editingCardId === id ? { title: card.title } : {}) };
    const mine = fields.filter((field) => field in pending);
    if (mine.length) {
      conflicts.push({ card: cardName(card), fields: mine, kind: "pending" });
      continue;
    }
    const base = change.baseVersion;
    // Theirs replaced mine only when it came after mine (a later version) without having seen it.
    const replaced =
      base === null
        ? []
        : fields.filter((field) => {
            const saved = context.savedAt(id, field) ?? -1;
            return saved > base && change.version > saved;
          });
    if (replaced.length) conflicts.push({ card: cardName(card), fields: replaced, kind: "overwritten" });
  }
  for (const serverId of change.deletedCardIds) {
    const id = context.ids.localId(serverId);
    const card = context.cardById(id);
    if (card && (context.pendingCard(id) || context.editingCardId === id)) conflicts.push({ card: cardName(card), fields: [], kind: "deleted" });
  }
  return conflicts;
}

/** One sentence for the toast, naming the person and the card. */
export function conflictMessage(actor: string, conflicts: readonly Conflict[]): string | null {
  const [first, ...rest] = conflicts;
  if (!first) return null;
  const more = rest.length ? ` (and ${rest.length} more card${rest.length === 1 ? "" : "s"})` : "";
  const what = fieldNames(first.fields);
  switch (first.kind) {
    case "pending":
      return `${actor} changed the ${what} of “${first.card}”${more} while you were editing it. Your edit is kept and replaces theirs.`;
    case "overwritten":
      return `${actor} changed the ${what} of “${first.card}”${more} after your edit. Their change replaced yours.`;
    case "deleted":
      return `${actor} deleted “${first.card}”${more} while you were editing it.`;
  }
}

function fieldNames(fields: readonly string[]): string {
  const names = [...new Set(fields.map(cardFieldTopic))];
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "content");
}

export function cardName(card: BoardCard): string {
  const text = card.title.trim().replace(/\s+/g, " ");
  if (!text) return `the card at row ${card.row + 1}, column ${card.col + 1}`;
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
