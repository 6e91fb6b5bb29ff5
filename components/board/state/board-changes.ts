import type { BoardCard, BoardDoc, BoardLine, CardPatch, LinePatch, SnapPatch } from "./board-types";

export interface CardUpdate {
  id: string;
  before: CardPatch;
  after: CardPatch;
}

/**
 * One step of an edit. Every change carries what it replaces, so it can be inverted: undo applies
 * the inverse through the same path (local state, then the server) as the edit itself.
 */
export type Change =
  | { type: "updateCards"; updates: CardUpdate[] }
  | { type: "createCards"; cards: BoardCard[]; lines: BoardLine[] }
  | { type: "deleteCards"; cards: BoardCard[]; lines: BoardLine[] }
  | { type: "updateSnap"; before: SnapPatch; after: SnapPatch }
  | { type: "createLine"; line: BoardLine }
  | { type: "deleteLine"; line: BoardLine }
  | { type: "updateLine"; id: string; before: LinePatch; after: LinePatch };

export function invertChange(change: Change): Change {
  switch (change.type) {
    case "updateCards":
      return { type: "updateCards", updates: change.updates.map(({ id, before, after }) => ({ id, before: after, after: before })) };
    case "createCards":
      return { type: "deleteCards", cards: change.cards, lines: change.lines };
    case "deleteCards":
      return { type: "createCards", cards: change.cards, lines: change.lines };
    case "updateSnap":
      return { type: "updateSnap", before: change.after, after: change.before };
    case "createLine":
      return { type: "deleteLine", line: change.line };
    case "deleteLine":
      return { type: "createLine", line: change.line };
    case "updateLine":
      return { type: "updateLine", id: change.id, before: change.after, after: change.before };
  }
}

/** The inverse of a sequence: each step inverted, last first. */
export function invertChanges(changes: readonly Change[]): Change[] {
  return changes.map(invertChange).reverse();
}

export function applyChange(doc: BoardDoc, change: Change): BoardDoc {
  switch (change.type) {
    case "updateCards": {
      const byId = new Map(change.updates.map((update) => [update.id, update.after]));
      return { ...doc, cards: doc.cards.map((card) => (byId.has(card.id) ? { ...card, ...byId.get(card.id) } : card)) };
    }
    case "createCards": {
      const ids = new Set(doc.cards.map((card) => card.id));
      const lineIds = new Set(doc.lines.map((line) => line.id));
      return {
        ...doc,
        cards: [...doc.cards, ...change.cards.filter((card) => !ids.has(card.id))],
        lines: [...doc.lines, ...change.lines.filter((line) => !lineIds.has(line.id))],
      };
    }
    case "deleteCards": {
      const gone = new Set(change.cards.map((card) => card.id));
      return {
        ...doc,
        cards: doc.cards.filter((card) => !gone.has(card.id)),
        // The server deletes a card's lines with it (ON DELETE CASCADE); so does the board.
        lines: doc.lines.filter((line) => !gone.has(line.fromCardId) && !gone.has(line.toCardId)),
      };
    }
    case "updateSnap":
      return { ...doc, snap: { ...doc.snap, ...change.after } };
    case "createLine":
      return doc.lines.some((line) => line.id === change.line.id) ? doc : { ...doc, lines: [...doc.lines, change.line] };
    case "deleteLine":
      return { ...doc, lines: doc.lines.filter((line) => line.id !== change.line.id) };
    case "updateLine":
      return { ...doc, lines: doc.lines.map((line) => (line.id === change.id ? { ...line, ...change.after } : line)) };
  }
}

export function applyChanges(doc: BoardDoc, changes: readonly Change[]): BoardDoc {
  return changes.reduce(applyChange, doc);
}

/** The lines that go when these cards go: recorded in a delete so that undo brings them back. */
export function linesTouching(lines: readonly BoardLine[], cardIds: ReadonlySet<string>): BoardLine[] {
  return lines.filter((line) => cardIds.has(line.fromCardId) || cardIds.has(line.toCardId));
}

/** An update that records the card's current values of exactly the fields it changes. */
export function cardUpdate(card: BoardCard, after: CardPatch): CardUpdate | null {
  const before: CardPatch = {};
  const changed: CardPatch = {};
  for (const key of Object.keys(after) as (keyof CardPatch)[]) {
    if (after[key] === undefined || after[key] === card[key]) continue;
    Object.assign(before, { [key]: card[key] });
    Object.assign(changed, { [key]: after[key] });
  }
  return Object.keys(changed).length ? { id: card.id, before, after: changed } : null;
}
