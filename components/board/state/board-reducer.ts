import { applyChanges, type Change } from "./board-changes";
import type { BoardDoc, BoardSnap } from "./board-types";
import type { ServerState } from "../live/server-state";

export type BoardAction =
  { type: "apply"; changes: readonly Change[] } | { type: "server"; state: ServerState } | { type: "snapSaved"; snap: Partial<BoardSnap> };

/** The board's local state: edits apply at once (optimistically); the server's state (remote changes, refused saves) is laid over it. */
export function boardReducer(doc: BoardDoc, action: BoardAction): BoardDoc {
  switch (action.type) {
    case "apply":
      return applyChanges(doc, action.changes);
    case "snapSaved":
      return { ...doc, snap: { ...doc.snap, ...action.snap } };
    case "server": {
      const { upsertCards = [], removeCards = [], upsertLines = [], removeLines = [], snap } = action.state;
      const cardsById = new Map(upsertCards.map((card) => [card.id, card]));
      const goneCards = new Set(removeCards);
      const cards = doc.cards.filter((card) => !goneCards.has(card.id)).map((card) => cardsById.get(card.id) ?? card);
      // Sets, not searches: a restore on a 10,000-card board stays linear.
      const cardIds = new Set(cards.map((card) => card.id));
      for (const card of upsertCards) {
        if (!cardIds.has(card.id)) {
          cards.push(card);
          cardIds.add(card.id);
        }
      }

      const linesById = new Map(upsertLines.map((line) => [line.id, line]));
      const goneLines = new Set(removeLines);
      const lines = doc.lines
        .filter((line) => !goneLines.has(line.id))
        .map((line) => linesById.get(line.id) ?? line)
        .filter((line) => cardIds.has(line.fromCardId) && cardIds.has(line.toCardId));
      for (const line of upsertLines) {
        if (!lines.some((existing) => existing.id === line.id) && cardIds.has(line.fromCardId) && cardIds.has(line.toCardId)) lines.push(line);
      }
      return { snap: snap ? { ...doc.snap, ...snap } : doc.snap, cards, lines };
    }
  }
}
