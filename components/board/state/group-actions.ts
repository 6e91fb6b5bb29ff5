import { encodeCards, type Encoded, type Pasted } from "../clipboard/clipboard-codec";
import type { Axis, Plan } from "../grid/grid-plans";
import {
  boardBounds,
  planDuplicate,
  planGroupDelete,
  planGroupMove,
  planGroupPatch,
  planInsertTrack,
  planPasteCards,
  planPasteTable,
  planReshape,
  type PastePlan,
} from "../grid/group-plans";
import type { Rect } from "../grid/grid-geometry";
import { planAlign, planDistribute, type AlignEdge } from "../grid/align-plans";
import { cardIndex } from "../grid/card-index";
import { lockedReason } from "../grid/placement";
import type { BoardStore } from "./board-store";
import type { CardPatch } from "./board-types";
import { newLocalId } from "./new-local-id";
import type { Cell, Selection } from "./selection";
import { anchorAndHead, boundsOf, rangeSelection, selectedCardIds } from "./selection-model";

/** The edits of several cards at once; each is one change of the snap and one undo step. */
export interface GroupActions {
  /** A dragged selection: it stays inside the drawn grid. */
  moveCards(ids: readonly string[], delta: { dRow: number; dCol: number }): void;
  /** Alt+arrows: the selection moves one cell, growing the board at its bottom or right. */
  nudgeSelection(dRow: number, dCol: number): void;
  /** A card dragged by an edge or a corner. */
  reshapeCard(id: string, rect: Rect): void;
  deleteSelection(): void;
  /** One patch for every selected card (the inspector, the menu's type and colour). */
  patchSelection(patch: CardPatch, key?: string): void;
  /** Ctrl+D: copies next to the selection, which then selects them. */
  duplicateSelection(): void;
  /**
   * The selected cards as the clipboard's types; null when no card is selected. For a cut, also
   * null when one of them is locked (said in a notice): nothing is copied that then stays.
   */
  copySelection(purpose?: "copy" | "cut"): Encoded | null;
  /** What a paste at the selection would do; null when it cannot (said in a notice). */
  planPaste(pasted: Pasted): PastePlan | null;
  applyPaste(plan: PastePlan): void;
  /** A new row or column before `index`, the cards from there on shifted. */
  insertTrack(axis: Axis, index: number): void;
  /** The cell a paste lands at: the selection's top-left. */
  selectionCell(): Cell | null;
  /** The selected cards lined up with one edge of the selection. */
  alignSelection(edge: AlignEdge): void;
  /** The selected cards spaced evenly along an axis ("col": left to right). */
  distributeSelection(axis: Axis): void;
  /** Locks the selected cards (no move, resize, edit or delete until unlocked), or unlocks them. */
  lockSelection(locked: boolean): void;
}

interface GroupContext {
  store: BoardStore;
  getSelection: () => Selection | null;
  setSelection: (selection: Selection | null) => void;
  /** Plans that read the whole board wait until every card is loaded; an error is said in a notice. */
  carryOut: (plan: () => Plan) => boolean;
}

/**
 * Focuses a card once the change is rendered: a card moved to another row is rendered anew and loses
 * the focus, and a pasted one is new. First right after this key's render (React commits a key's
 * update before the microtasks run), so that the next key pressed (Alt+arrow again, on a busy
 * machine before the next frame) still reaches the board; again at the next frame, for a render
 * that came later.
 */
function focusCard(id: string): void {
  const focus = () => {
    const card = document.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(id)}"]`);
    if (card && document.activeElement !== card) card.focus({ preventScroll: true });
  };
  queueMicrotask(focus);
  requestAnimationFrame(focus);
}

export function groupActions({ store, getSelection, setSelection, carryOut }: GroupContext): GroupActions {
  const doc = () => store.getDoc();
  const selectedIds = () => {
    const byId = cardIndex(doc().cards);
    return selectedCardIds(getSelection()).filter((id) => byId.has(id));
  };
  const selectionCell = (): Cell | null => {
    const selection = getSelection();
    if (selection?.kind === "cell") return { row: selection.row, col: selection.col };
    const byId = cardIndex(doc().cards);
    const ends = anchorAndHead(selection, byId);
    if (!ends) return null;
    const cards = selectedIds().flatMap((id) => byId.get(id) ?? []);
    const box = boundsOf([{ row: Math.min(ends.anchor.row, ends.head.row), col: Math.min(ends.anchor.col, ends.head.col), rowSpan: 1, colSpan: 1 }, ...cards]);
    return box && { row: box.row, col: box.col };
  };
  /** The selection after its cards moved: the same cards, its corners moved with them. */
  const shiftSelection = (delta: { dRow: number; dCol: number }) => {
    const selection = getSelection();
    if (selection?.kind !== "cards") return;
    const shift = (cell: Cell) => ({ row: cell.row + delta.dRow, col: cell.col + delta.dCol });
    setSelection({ ...selection, anchor: shift(selection.anchor), head: shift(selection.head) });
  };
  /** After a paste or a duplicate: the range it wrote is the selection. */
  const selectRange = (range: Rect) => {
    const anchor = { row: range.row, col: range.col };
    const selection = rangeSelection(doc().cards, anchor, { row: range.row + range.rowSpan - 1, col: range.col + range.colSpan - 1 });
    setSelection(selection);
    const first = selectedCardIds(selection)[0];
    if (first) focusCard(first);
  };
  /** The selected card that has the focus, if any: it keeps it after a move. */
  const focusedCardId = () => (document.activeElement as HTMLElement | null)?.closest?.<HTMLElement>("[data-card-id]")?.dataset.cardId ?? null;
  const move = (ids: readonly string[], delta: { dRow: number; dCol: number }, bounded: boolean) => {
    const focused = focusedCardId();
    if (!carryOut(() => planGroupMove(doc(), ids, delta, bounded ? boardBounds(doc()) : undefined))) return;
    shiftSelection(delta);
    if (focused && ids.includes(focused)) focusCard(focused);
  };

  return {
    moveCards: (ids, delta) => move(ids, delta, true),
    nudgeSelection: (dRow, dCol) => {
      const ids = selectedIds();
      if (ids.length) move(ids, { dRow, dCol }, false);
    },
    reshapeCard: (id, rect) => {
      carryOut(() => planReshape(doc(), id, rect));
    },
    deleteSelection: () => {
      const ids = selectedIds();
      if (ids.length === 0) return;
      const cell = selectionCell();
      if (carryOut(() => planGroupDelete(doc(), ids)) && cell) setSelection({ kind: "cell", ...cell });
    },
    patchSelection: (patch, key) => {
      const ids = selectedIds();
      const plan = planGroupPatch(doc(), ids, patch);
      if ("changes" in plan) store.apply(plan.changes, { key });
    },
    duplicateSelection: () => {
      const ids = selectedIds();
      if (ids.length === 0) {
        store.notify("Select the cards to duplicate first.", "info");
        return;
      }
      if (!store.requireWholeBoard()) return;
      const plan = planDuplicate(doc(), ids, newLocalId);
      if ("error" in plan) {
        store.notify(plan.error, "error");
        return;
      }
      store.apply(plan.changes);
      selectRange(plan.range);
      store.notify(`Duplicated ${ids.length === 1 ? "1 card" : `${ids.length.toLocaleString("en-US")} cards`}`);
    },
    copySelection: (purpose = "copy") => {
      const ids = new Set(selectedIds());
      if (ids.size === 0) return null;
      const { cards, lines } = doc();
      const locked = purpose === "cut" ? cards.find((card) => card.locked && ids.has(card.id)) : undefined;
      if (locked) {
        store.notify(lockedReason(locked), "error");
        return null;
      }
      return encodeCards(
        cards.filter((card) => ids.has(card.id)),
        lines.filter((line) => ids.has(line.fromCardId) && ids.has(line.toCardId)),
      );
    },
    planPaste: (pasted) => {
      const at = selectionCell();
      if (!at) {
        store.notify("Select a cell or a card to paste at.", "info");
        return null;
      }
      if (!store.requireWholeBoard()) return null;
      const plan = pasted.kind === "cards" ? planPasteCards(doc(), pasted.clip, at, newLocalId) : planPasteTable(doc(), pasted.rows, at, newLocalId);
      if ("error" in plan) {
        store.notify(plan.error, "error");
        return null;
      }
      return plan;
    },
    applyPaste: (plan) => {
      store.apply(plan.changes);
      selectRange(plan.range);
    },
    insertTrack: (axis, index) => {
      carryOut(() => planInsertTrack(doc(), axis, index, newLocalId));
    },
    selectionCell,
    alignSelection: (edge) => {
      carryOut(() => planAlign(doc(), selectedIds(), edge));
    },
    distributeSelection: (axis) => {
      carryOut(() => planDistribute(doc(), selectedIds(), axis));
    },
    lockSelection: (locked) => {
      const ids = selectedIds();
      const plan = planGroupPatch(doc(), ids, { locked });
      if (!("changes" in plan) || plan.changes.length === 0) return;
      store.apply(plan.changes);
      store.notify(`${locked ? "Locked" : "Unlocked"} ${ids.length === 1 ? "1 card" : `${ids.length.toLocaleString("en-US")} cards`}`);
    },
  };
}
