import type { Change } from "../state/board-changes";
import type { BoardLine, LinePatch } from "../state/board-types";

/** The line edits of one gesture, in the board's ids: sent in its change (docs/SAVING.md). */
export interface WireLines {
  create: BoardLine[];
  update: { id: string; patch: LinePatch }[];
  delete: string[];
}

/**
 * The line changes of one gesture, merged per line: a line created and deleted in it is neither; an
 * update of a line created in it is part of its create; an update of a line deleted in it is
 * dropped. `withCards` are the lines created with cards (a paste, a duplicate, the undo of a
 * delete); a line of a card the gesture deletes is not created (the server deletes a card's lines with it).
 */
export function groupLineChanges(changes: readonly Change[], withCards: readonly BoardLine[], deletedCards: ReadonlySet<string>): WireLines {
  const creates = new Map<string, BoardLine>(withCards.map((line) => [line.id, line]));
  const updates = new Map<string, LinePatch>();
  const deletes = new Set<string>();
  for (const change of changes) {
    if (change.type === "createLine") {
      // A line deleted and brought back in one gesture is still on the server: neither.
      if (!deletes.delete(change.line.id)) creates.set(change.line.id, change.line);
    } else if (change.type === "deleteLine") {
      updates.delete(change.line.id);
      if (!creates.delete(change.line.id)) deletes.add(change.line.id);
    } else if (change.type === "updateLine") {
      const created = creates.get(change.id);
      if (created) creates.set(change.id, { ...created, ...change.after });
      else if (!deletes.has(change.id)) updates.set(change.id, { ...updates.get(change.id), ...change.after });
    }
  }
  return {
    create: [...creates.values()].filter((line) => !deletedCards.has(line.fromCardId) && !deletedCards.has(line.toCardId)),
    update: [...updates].map(([id, patch]) => ({ id, patch })),
    delete: [...deletes],
  };
}
