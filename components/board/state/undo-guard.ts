import type { Change } from "./board-changes";

/** When someone else last changed something (a key from touchedKeys), in the store's own count. */
export interface RemoteTouch {
  seq: number;
  actor: string;
}

export interface GuardedUndo {
  changes: Change[];
  /** The people whose later edits made parts of the step be skipped. */
  skippedFor: string[];
}

/**
 * An undo (or redo) step without the parts that would revert someone else's edit: fields, lines or
 * snap settings another person changed after the step was recorded (`since`) are left as they are.
 */
export function guardUndo(changes: readonly Change[], touches: ReadonlyMap<string, RemoteTouch>, since: number): GuardedUndo {
  const skipped = new Set<string>();
  const touchedAfter = (key: string) => {
    const touch = touches.get(key);
    if (!touch || touch.seq <= since) return false;
    skipped.add(touch.actor);
    return true;
  };
  const kept: Change[] = [];
  for (const change of changes) {
    switch (change.type) {
      case "updateCards": {
        const updates = change.updates.flatMap(({ id, before, after }) => {
          const fields = Object.keys(after).filter((field) => !touchedAfter(`card:${id}:${field}`));
          return fields.length ? [{ id, before: only(before, fields), after: only(after, fields) }] : [];
        });
        if (updates.length) kept.push({ type: "updateCards", updates });
        break;
      }
      case "deleteCards": {
        // Undoing a create deletes the card: not if someone has worked on it since.
        const cards = change.cards.filter((card) => !touchedAfter(`card:${card.id}`));
        const ids = new Set(cards.map((card) => card.id));
        const lines = change.lines.filter((line) => ids.has(line.fromCardId) || ids.has(line.toCardId));
        if (cards.length) kept.push({ ...change, cards, lines });
        break;
      }
      case "updateSnap": {
        const fields = Object.keys(change.after).filter((field) => !touchedAfter(`snap:${field}`));
        if (fields.length) kept.push({ type: "updateSnap", before: only(change.before, fields), after: only(change.after, fields) });
        break;
      }
      case "updateLine":
        if (!touchedAfter(`line:${change.id}`)) kept.push(change);
        break;
      case "deleteLine":
        if (!touchedAfter(`line:${change.line.id}`)) kept.push(change);
        break;
      case "createCards":
      case "createLine":
        kept.push(change);
        break;
    }
  }
  return { changes: kept, skippedFor: [...skipped] };
}

function only<T extends object>(patch: T, fields: readonly string[]): T {
  return Object.fromEntries(Object.entries(patch).filter(([field]) => fields.includes(field))) as T;
}
