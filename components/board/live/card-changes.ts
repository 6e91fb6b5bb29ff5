import type { z } from "zod";
import type { SnapChangesInput, snapChangesResponseSchema } from "@/lib/snaps/change-schemas";
import { MAX_CHANGE_ITEMS } from "@/lib/board-model/card-constants";
import type { Change } from "../state/board-changes";
import type { BoardCard, BoardLine, CardPatch } from "../state/board-types";

export { MAX_CHANGE_ITEMS };

/** The card edits of one gesture: sent as one change. */
export interface CardGroup {
  creates: BoardCard[];
  updates: { id: string; after: CardPatch; before: CardPatch }[];
  deletes: BoardCard[];
  /** Lines created with the cards (a paste, a duplicate, the undo of a delete). */
  lines: BoardLine[];
}

/**
 * The card changes of one gesture, merged per card: a card created and deleted in it is neither; an
 * update of a card created in it is part of its create; an update of a card deleted in it is
 * dropped. Null when the gesture touches no card.
 */
export function groupCardChanges(changes: readonly Change[]): CardGroup | null {
  let items = 0;
  for (const change of changes) {
    if (change.type === "createCards" || change.type === "deleteCards") items += change.cards.length;
    else if (change.type === "updateCards") items += change.updates.length;
  }
  if (items === 0) return null;
  const creates = new Map<string, BoardCard>();
  const updates = new Map<string, { id: string; after: CardPatch; before: CardPatch }>();
  const deletes = new Map<string, BoardCard>();
  const lines: BoardLine[] = [];
  for (const change of changes) {
    if (change.type === "createCards") {
      for (const card of change.cards) {
        if (deletes.has(card.id)) deletes.delete(card.id);
        creates.set(card.id, card);
      }
      lines.push(...change.lines);
    } else if (change.type === "deleteCards") {
      for (const card of change.cards) {
        updates.delete(card.id);
        if (creates.has(card.id)) creates.delete(card.id);
        else deletes.set(card.id, card);
      }
    } else if (change.type === "updateCards") {
      for (const { id, before, after } of change.updates) {
        const created = creates.get(id);
        if (created) creates.set(id, { ...created, ...after });
        else if (!deletes.has(id)) {
          const earlier = updates.get(id);
          updates.set(id, { id, after: { ...earlier?.after, ...after }, before: { ...before, ...earlier?.before } });
        }
      }
    }
  }
  const gone = new Set([...deletes.keys()]);
  return {
    creates: [...creates.values()],
    updates: orderedForChunks([...updates.values()]),
    deletes: [...deletes.values()],
    lines: lines.filter((line) => !gone.has(line.fromCardId) && !gone.has(line.toCardId)),
  };
}

/**
 * Updates in an order that never puts a moved card on one not moved yet, should the change need
 * more than one request: the cards furthest along their move first.
 */
function orderedForChunks<T extends { before: CardPatch; after: CardPatch }>(list: T[]): T[] {
  const lead = (update: T) => {
    const { before, after } = update;
    if (after.row === undefined && after.col === undefined) return 0;
    const dRow = (after.row ?? 0) - (before.row ?? after.row ?? 0);
    const dCol = (after.col ?? 0) - (before.col ?? after.col ?? 0);
    return dRow * (before.row ?? 0) + dCol * (before.col ?? 0);
  };
  return list.length > MAX_CHANGE_ITEMS ? [...list].sort((a, b) => lead(b) - lead(a)) : list;
}

/** The body of `POST /api/snaps/:id/changes`, in the server's ids (docs/API.md, "Changes"). */
export type ChangesBody = SnapChangesInput;

/** Its answer: the cards as saved, created ones in the order they were sent. */
export type ChangesAnswer = z.output<typeof snapChangesResponseSchema>;
