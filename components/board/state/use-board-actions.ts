"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import type { CanvasActions, EditMove } from "../canvas/canvas-actions";
import { cardIndex } from "../grid/card-index";
import { groupActions, type GroupActions } from "./group-actions";
import { cardUpdate, linesTouching, type Change } from "./board-changes";
import type { BoardStore } from "./board-store";
import type { BoardCard, BoardLine, CardPatch, LinePatch, SnapPatch } from "./board-types";
import { gridSize, overlaps } from "../grid/grid-geometry";
import { BOARD_LIMIT, lockedReason } from "../grid/placement";
import {
  blankCard,
  cardsOnlyIn,
  isBlankCard,
  lockedInTrack,
  planAddTrack,
  planMove,
  planRemoveTrack,
  planResize,
  type Axis,
  type Plan,
} from "../grid/grid-plans";
import { newLocalId } from "./new-local-id";
import { cellKey, type Selection } from "./selection";

export interface ConnectState {
  active: boolean;
  fromId: string | null;
}

export interface PendingRemoval {
  axis: Axis;
  index: number;
  count: number;
}

/** How the inline editor opened: Enter or a double click (text selected), F2 (caret at the end), or typing (the typed text replaces it). */
export type EditMode = "select" | "end" | "type";

export interface BoardActions extends CanvasActions, GroupActions {
  updateCard(id: string, patch: CardPatch, key?: string, baseVersion?: number): void;
  /** Adds a stored file to the card's attachments as the card is then (an upload ends later than it began). */
  attachFile(id: string, file: BoardCard["attachments"][number]): void;
  detachFile(id: string, fileId: string): void;
  updateLine(id: string, patch: LinePatch): void;
  confirmRemoval(removal: PendingRemoval): void;
  renameSnap(title: string): void;
  toggleConnect(): void;
  undo(): void;
  redo(): void;
}

const DEFAULT_LINE = { color: "#64748b", style: "solid", arrow: "end" } as const;

/**
 * Every edit the board offers, as one stable object (so memoized cards do not re-render when the
 * editor does). Each reads the store's current document, builds the changes, and applies them;
 * plans that cannot be carried out say why in a toast instead.
 */
export function useBoardActions(
  store: BoardStore,
  editable: boolean,
  setSelection: (selection: Selection | null) => void,
  getSelection: () => Selection | null = () => null,
) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ mode: EditMode; text: string | null }>({ mode: "select", text: null });
  /** The context menu's place in the window, while it is open. */
  const [menuAt, setMenuAt] = useState<{ x: number; y: number } | null>(null);
  const [connect, setConnectState] = useState<ConnectState>({ active: false, fromId: null });
  const [removal, setRemoval] = useState<PendingRemoval | null>(null);
  // The connect state is read by handlers between renders (a quick second click), so it lives in a ref too.
  const connectRef = useRef<ConnectState>(connect);
  /** A cell or card to focus once it is rendered (after a delete). */
  const focusRequestRef = useRef<Selection | null>(null);
  /** The inline edit's card, its text then and the snap version then (the edit's Base-Version). */
  const editStartRef = useRef<{ id: string; title: string; version: number } | null>(null);
  /**
   * A run of Tabs out of the inline editor: its row, the column it began in (where Enter goes back
   * to) and the card or cell the last Tab went to.
   */
  const tabRunRef = useRef<{ row: number; col: number; at: Selection | null } | null>(null);

  const actions = useMemo<BoardActions>(() => {
    const setConnect = (next: ConnectState) => {
      connectRef.current = next;
      setConnectState(next);
    };
    const doc = () => store.getDoc();
    const bounds = () => {
      const { cards, snap } = doc();
      return gridSize(cards, snap.rowHeights, snap.colWidths);
    };
    /** Plans read the whole board (what a move or resize lands on): they wait until every card is loaded. */
    const carryOut = (plan: () => Plan): boolean => {
      if (!store.requireWholeBoard()) return false;
      const planned = plan();
      if ("error" in planned) {
        store.notify(planned.error, "error");
        return false;
      }
      store.apply(planned.changes);
      return true;
    };
    /** A locked card refuses what would change its text: said in a notice. */
    const refusedAsLocked = (card: BoardCard | undefined): boolean => {
      if (!card?.locked) return false;
      store.notify(lockedReason(card), "error");
      return true;
    };
    const updateCard = (id: string, patch: CardPatch, key?: string, baseVersion?: number) => {
      const card = doc().cards.find((candidate) => candidate.id === id);
      if (("title" in patch || "note" in patch) && refusedAsLocked(card)) return;
      const update = card && cardUpdate(card, patch);
      if (update) store.apply([{ type: "updateCards", updates: [update] }], { key, baseVersion });
    };
    const beginEdit = (id: string, title: string, mode: EditMode = "select", text: string | null = null) => {
      editStartRef.current = { id, title, version: store.remote.version };
      setEditing({ mode, text });
      setEditingId(id);
    };
    /** After Enter or Tab in the inline editor: the next card or empty cell that way is selected and focused. */
    const moveFrom = (id: string, move: EditMove) => {
      const { cards } = doc();
      const card = cardIndex(cards).get(id);
      if (!card) return;
      const { rows, cols } = bounds();
      // As in a spreadsheet: Enter after a run of Tabs goes down from the column the run began in
      // (Shift+Enter goes up from where it is, as in Sheets).
      const run = tabRunRef.current?.row === card.row ? tabRunRef.current : null;
      tabRunRef.current = move === "right" || move === "left" ? { row: card.row, col: run?.col ?? card.col, at: null } : null;
      const target =
        move === "down"
          ? { row: card.row + card.rowSpan, col: run?.col ?? card.col }
          : move === "up"
            ? { row: card.row - 1, col: card.col }
            : move === "right"
              ? { row: card.row, col: card.col + card.colSpan }
              : { row: card.row, col: card.col - 1 };
      if (target.row < 0 || target.col < 0 || target.row >= rows || target.col >= cols) {
        focusRequestRef.current = { kind: "card", id };
        return;
      }
      const there = cards.find((other) => overlaps(other, { ...target, rowSpan: 1, colSpan: 1 }));
      const next: Selection = there ? { kind: "card", id: there.id } : { kind: "cell", ...target };
      if (tabRunRef.current) tabRunRef.current.at = next;
      setSelection(next);
      focusRequestRef.current = next;
    };
    const endEdit = () => {
      editStartRef.current = null;
      setEditingId(null);
    };
    const updateSnap = (after: SnapPatch, key?: string) => {
      const { snap } = doc();
      const before = Object.fromEntries(Object.keys(after).map((field) => [field, snap[field as keyof SnapPatch]])) as SnapPatch;
      store.apply([{ type: "updateSnap", before, after }], { key });
    };
    const removeTrack = (axis: Axis, index: number) => {
      carryOut(() => planRemoveTrack(doc(), axis, index));
      setSelection(null);
    };

    return {
      select: (selection) => {
        // A person choosing another card or cell ends a run of Tabs (the focus following the Tab does not).
        if (!sameSelection(selection, tabRunRef.current?.at ?? null)) tabRunRef.current = null;
        setSelection(selection);
      },
      startEdit: (id, options) => {
        const card = doc().cards.find((candidate) => candidate.id === id);
        if (!editable || !card) return;
        setSelection({ kind: "card", id });
        if (refusedAsLocked(card)) return;
        beginEdit(id, card.title, options?.text !== undefined ? "type" : (options?.mode ?? "select"), options?.text ?? null);
      },
      commitEdit: (id, text, move) => {
        const start = editStartRef.current;
        endEdit();
        if (move) moveFrom(id, move);
        // Unchanged text is no edit: saving it would undo what someone else wrote meanwhile.
        if (start?.id === id && start.title === text) return;
        updateCard(id, { title: text }, undefined, start?.id === id ? start.version : undefined);
      },
      cancelEdit: endEdit,
      toggleTodo: (id) => {
        const card = doc().cards.find((candidate) => candidate.id === id);
        if (card) updateCard(id, { completed: !card.completed });
      },
      updateCard,
      attachFile: (id, file) => {
        const card = doc().cards.find((candidate) => candidate.id === id);
        if (card && !card.attachments.some((attached) => attached.id === file.id)) updateCard(id, { attachments: [...card.attachments, file] });
      },
      detachFile: (id, fileId) => {
        const card = doc().cards.find((candidate) => candidate.id === id);
        if (card) updateCard(id, { attachments: card.attachments.filter((attached) => attached.id !== fileId) });
      },
      moveCard: (id, target, within = "grid") => carryOut(() => planMove(doc(), id, target, within === "grid" ? bounds() : BOARD_LIMIT)),
      resizeCard: (id, span, within = "grid") => carryOut(() => planResize(doc(), id, span, within === "grid" ? bounds() : BOARD_LIMIT)),
      addCardAt: (row, col, text) => {
        // The cell may hold a card that is not loaded yet.
        if (!store.requireWholeBoard()) return;
        const card = blankCard(newLocalId(), row, col);
        store.apply([{ type: "createCards", cards: [card], lines: [] }]);
        setSelection({ kind: "card", id: card.id });
        beginEdit(card.id, card.title, text === undefined ? "select" : "type", text ?? null);
      },
      deleteCard: (id) => {
        const current = doc();
        const card = current.cards.find((candidate) => candidate.id === id);
        if (!card || refusedAsLocked(card)) return;
        store.apply([{ type: "deleteCards", cards: [card], lines: linesTouching(current.lines, new Set([id])) }]);
        const cell: Selection = { kind: "cell", row: card.row, col: card.col };
        setSelection(cell);
        focusRequestRef.current = cell;
      },
      deleteLine: (id) => {
        const line = doc().lines.find((candidate) => candidate.id === id);
        if (!line) return;
        store.apply([{ type: "deleteLine", line }]);
        setSelection(null);
      },
      updateLine: (id, patch) => {
        const line = doc().lines.find((candidate) => candidate.id === id);
        if (!line) return;
        const before = Object.fromEntries(Object.keys(patch).map((field) => [field, line[field as keyof LinePatch]])) as LinePatch;
        store.apply([{ type: "updateLine", id, before, after: patch }]);
      },
      addTrack: (axis) => carryOut(() => planAddTrack(doc(), axis, newLocalId)),
      removeTrack: (axis, index) => {
        if (!store.requireWholeBoard()) return;
        // Said before asking to confirm: the removal could not go ahead anyway.
        const locked = lockedInTrack(doc(), axis, index);
        if (locked) return void store.notify(lockedReason(locked), "error");
        const withContent = cardsOnlyIn(doc(), axis, index).filter((card) => !isBlankCard(card));
        if (withContent.length) setRemoval({ axis, index, count: withContent.length });
        else removeTrack(axis, index);
      },
      confirmRemoval: ({ axis, index }) => {
        setRemoval(null);
        removeTrack(axis, index);
      },
      resizeTrack: (axis, index, size) => {
        const field = axis === "row" ? "rowHeights" : "colWidths";
        const current = doc().snap[field];
        const next = { ...current };
        if (size === null) delete next[String(index)];
        else next[String(index)] = size;
        if (current[String(index)] === next[String(index)]) return;
        updateSnap({ [field]: next }, `track:${axis}:${index}`);
      },
      renameSnap: (title) => updateSnap({ title }),
      toggleConnect: () => setConnect(connectRef.current.active ? { active: false, fromId: null } : { active: true, fromId: null }),
      cancelConnect: () => setConnect({ active: false, fromId: null }),
      pickForConnect: (id) => {
        const { active, fromId } = connectRef.current;
        if (!active) return;
        if (!fromId) {
          setConnect({ active: true, fromId: id });
          return;
        }
        if (fromId === id) return;
        const line: BoardLine = { id: newLocalId(), fromCardId: fromId, toCardId: id, ...DEFAULT_LINE };
        const changes: Change[] = [{ type: "createLine", line }];
        store.apply(changes);
        setConnect({ active: false, fromId: null });
        setSelection({ kind: "line", id: line.id });
      },
      ...groupActions({
        store,
        getSelection,
        setSelection,
        carryOut,
      }),
      openMenu: (at) => {
        if (editable) setMenuAt(at);
      },
      undo: () => {
        endEdit();
        store.undo();
      },
      redo: () => {
        endEdit();
        store.redo();
      },
    };
  }, [store, editable, setSelection, getSelection]);

  // After a delete the card's element is gone; focus its now empty cell once that is rendered.
  useEffect(() => {
    const request = focusRequestRef.current;
    if (!request) return;
    focusRequestRef.current = null;
    const selector =
      request.kind === "cell"
        ? `[data-cell="${cellKey(request.row, request.col)}"]`
        : request.kind === "card"
          ? `[data-card-id="${CSS.escape(request.id)}"]`
          : null;
    if (selector) document.querySelector<HTMLElement>(selector)?.focus();
  });

  return { actions, editingId, editing, connect, removal, setRemoval, menuAt, closeMenu: () => setMenuAt(null) };
}

function sameSelection(a: Selection | null, b: Selection | null): boolean {
  if (a?.kind === "card" && b?.kind === "card") return a.id === b.id;
  if (a?.kind === "cell" && b?.kind === "cell") return a.row === b.row && a.col === b.col;
  return false;
}
