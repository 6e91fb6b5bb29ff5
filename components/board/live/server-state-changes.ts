import type { Change, CardUpdate } from "../state/board-changes";
import type { BoardCard, BoardDoc, BoardLine, CardPatch, LinePatch, SnapPatch } from "../state/board-types";
import type { ServerState } from "./server-state";

/**
 * The changes that take the board from `doc` to the server's state (someone else's write, what a
 * refused save puts back, cards that arrive late), so that they are applied by `applyChanges` like
 * any gesture. Only what differs becomes a change: a reset that re-reads a 10,000-card board
 * changes the few cards that moved, not all of them. Lines are kept only between cards the board
 * will hold, as the server deletes a card's lines with it.
 */
export function serverStateChanges(doc: BoardDoc, state: ServerState): Change[] {
  const changes: Change[] = [];
  const cardsById = new Map(doc.cards.map((card) => [card.id, card]));

  const removed = new Set(state.removeCards ?? []);
  const goneCards = doc.cards.filter((card) => removed.has(card.id));
  if (goneCards.length) {
    changes.push({ type: "deleteCards", cards: goneCards, lines: doc.lines.filter((line) => removed.has(line.fromCardId) || removed.has(line.toCardId)) });
  }

  const updates: CardUpdate[] = [];
  const created: BoardCard[] = [];
  const createdIds = new Set<string>();
  for (const card of state.upsertCards ?? []) {
    const known = removed.has(card.id) ? undefined : cardsById.get(card.id);
    if (!known) {
      if (!createdIds.has(card.id)) created.push(card);
      createdIds.add(card.id);
      continue;
    }
    const update = differences(known, card);
    if (update) updates.push(update);
  }
  if (updates.length) changes.push({ type: "updateCards", updates });

  const cardIds = new Set([...doc.cards.filter((card) => !removed.has(card.id)).map((card) => card.id), ...createdIds]);
  const linesById = new Map(doc.lines.map((line) => [line.id, line]));
  const removedLines = new Set(state.removeLines ?? []);
  for (const id of removedLines) {
    const line = linesById.get(id);
    if (line && !removed.has(line.fromCardId) && !removed.has(line.toCardId)) changes.push({ type: "deleteLine", line });
  }
  const newLines: BoardLine[] = [];
  for (const line of state.upsertLines ?? []) {
    if (!cardIds.has(line.fromCardId) || !cardIds.has(line.toCardId)) continue;
    const known = removedLines.has(line.id) ? undefined : linesById.get(line.id);
    if (!known) {
      newLines.push(line);
      continue;
    }
    const patch = lineDifferences(known, line);
    if (patch) changes.push({ type: "updateLine", id: line.id, before: patch.before, after: patch.after });
  }
  // New cards and new lines as one step: createCards adds each once, by set, whatever their number.
  if (created.length || newLines.length) changes.push({ type: "createCards", cards: created, lines: newLines });

  if (state.snap) {
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(state.snap)) {
      const current = doc.snap[field as keyof BoardDoc["snap"]];
      if (same(current, value)) continue;
      before[field] = current;
      after[field] = value;
    }
    if (Object.keys(after).length) changes.push({ type: "updateSnap", before: before as SnapPatch, after: after as SnapPatch });
  }
  return changes;
}

function differences(card: BoardCard, next: BoardCard): CardUpdate | null {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(next)) {
    if (field === "id") continue;
    const current = card[field as keyof BoardCard];
    if (same(current, value)) continue;
    before[field] = current;
    after[field] = value;
  }
  return Object.keys(after).length ? { id: card.id, before: before as CardPatch, after: after as CardPatch } : null;
}

function lineDifferences(line: BoardLine, next: BoardLine): { before: LinePatch; after: LinePatch } | null {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of ["color", "style", "arrow"] as const) {
    if (same(line[field], next[field])) continue;
    before[field] = line[field];
    after[field] = next[field];
  }
  return Object.keys(after).length ? { before: before as LinePatch, after: after as LinePatch } : null;
}

/** Values as the server sends them: attachments and sizes are arrays and objects, compared by content. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
