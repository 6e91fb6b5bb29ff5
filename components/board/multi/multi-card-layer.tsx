"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import type { Pasted } from "../clipboard/clipboard-codec";
import { readFromClipboard, readFromEvent, writeToClipboard, writeToEvent } from "../clipboard/system-clipboard";
import { ConfirmDialog } from "../dialogs/confirm-dialog";
import { cardIndex } from "../grid/card-index";
import type { PastePlan } from "../grid/group-plans";
import type { Rect } from "../grid/grid-geometry";
import type { BoardStore } from "../state/board-store";
import type { SelectionStore } from "../state/selection-store";
import { boundsOf, countLabel, selectAll, selectedCardIds } from "../state/selection-model";
import { gridSize } from "../grid/grid-geometry";
import type { BoardActions } from "../state/use-board-actions";
import { BoardContextMenu, type ContextMenuActions } from "./board-context-menu";
import { SelectionStatus } from "./selection-status";
import { ShortcutsDialog } from "./shortcuts-dialog";

interface MultiCardLayerProps {
  store: BoardStore;
  selections: SelectionStore;
  actions: BoardActions;
  editable: boolean;
  /** The context menu's place while it is open (useBoardActions). */
  menuAt: { x: number; y: number } | null;
  closeMenu: () => void;
}

const TEXT_INPUT_TYPES = new Set(["text", "search", "url", "email", "password", "number", "tel"]);

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
}

/** Focus is on the board's grid (or nowhere, after a click on the canvas): the board's keys and clipboard apply. */
function focusOnBoard(): boolean {
  const active = document.activeElement;
  if (document.querySelector("dialog[open]")) return false;
  if (!active || active === document.body) return true;
  return active.closest('[data-board-root] [role="grid"]') !== null;
}

/**
 * What works on several cards at once around the canvas: the clipboard (copy, cut and paste
 * events, and the menu's Clipboard API), Ctrl+D, the context menu, `?` and its dialog, the
 * question before a paste replaces cards, and the selection's count.
 */
export function MultiCardLayer({ store, selections, actions, editable, menuAt, closeMenu }: MultiCardLayerProps) {
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [pending, setPending] = useState<PastePlan | null>(null);
  const actionsRef = useRef(actions);
  const pasteRef = useRef<(pasted: Pasted | null) => void>(() => {});
  const copyRef = useRef<(verb: "Copied" | "Cut") => ReturnType<BoardActions["copySelection"]>>(() => null);

  useEffect(() => {
    actionsRef.current = actions;
  }, [actions]);

  useEffect(() => {
    const count = () => selectedCardIds(selections.get()).length;
    const copy = (verb: "Copied" | "Cut") => {
      const encoded = actionsRef.current.copySelection();
      if (encoded) store.notify(`${verb} ${countLabel(count())}`);
      return encoded;
    };
    const paste = (pasted: Pasted | null) => {
      if (!pasted) {
        store.notify("The clipboard holds nothing the board can paste.", "info");
        return;
      }
      const plan = actionsRef.current.planPaste(pasted);
      if (!plan) return;
      if (plan.replaced.length) setPending(plan);
      else actionsRef.current.applyPaste(plan);
    };

    const onCopy = (event: ClipboardEvent) => {
      if (!focusOnBoard() || count() === 0 || isTextEntry(event.target)) return;
      const encoded = copy("Copied");
      if (encoded) writeToEvent(event, encoded);
    };
    const onCut = (event: ClipboardEvent) => {
      if (!editable || !focusOnBoard() || count() === 0 || isTextEntry(event.target)) return;
      const encoded = copy("Cut");
      if (!encoded) return;
      writeToEvent(event, encoded);
      actionsRef.current.deleteSelection();
    };
    const onPaste = (event: ClipboardEvent) => {
      if (!editable || !focusOnBoard()) return;
      if (isTextEntry(event.target)) {
        // A range pasted into a card's inline editor becomes cards from that card on, not one card full of tabs.
        if (!(event.target as HTMLElement).closest('[role="gridcell"]')) return;
        const pasted = readFromEvent(event);
        if (!pasted || (pasted.kind === "table" && pasted.rows.length <= 1 && (pasted.rows[0]?.length ?? 0) <= 1)) return;
        event.preventDefault();
        actionsRef.current.cancelEdit();
        paste(pasted);
        return;
      }
      event.preventDefault();
      paste(readFromEvent(event));
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTextEntry(event.target) || !focusOnBoard()) return;
      const mod = event.ctrlKey || event.metaKey;
      if (event.key === "?" && !mod && !event.altKey) {
        event.preventDefault();
        setShortcutsOpen(true);
      } else if (
        mod &&
        !event.altKey &&
        !event.shiftKey &&
        event.key.toLowerCase() === "a" &&
        !(event.target instanceof HTMLElement && event.target.closest('[role="grid"]'))
      ) {
        // Focus on the page after a click on the canvas: still the board's cards, not the page's text (the grid handles its own).
        event.preventDefault();
        const { cards, snap } = store.getDoc();
        selections.set(selectAll(cards, gridSize(cards, snap.rowHeights, snap.colWidths)));
      } else if (!editable) {
        return;
      } else if (mod && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "d") {
        event.preventDefault(); // not the browser's bookmark
        actionsRef.current.duplicateSelection();
      } else if (event.key === "ContextMenu" || (event.key === "F10" && event.shiftKey)) {
        event.preventDefault();
        actionsRef.current.openMenu(menuPlaceForKeyboard());
      }
    };
    // The menu key and Shift+F10 also make a contextmenu event, at the focused card: the menu is open already.
    document.addEventListener("copy", onCopy);
    document.addEventListener("cut", onCut);
    document.addEventListener("paste", onPaste);
    document.addEventListener("keydown", onKeyDown);
    pasteRef.current = paste;
    copyRef.current = copy;
    return () => {
      document.removeEventListener("copy", onCopy);
      document.removeEventListener("cut", onCut);
      document.removeEventListener("paste", onPaste);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [store, selections, editable]);

  const menuActions = useMemo<ContextMenuActions>(
    () => ({
      copy: () => {
        const encoded = copyRef.current("Copied");
        if (encoded) void writeToClipboard(encoded).then((ok) => ok || store.notify("The browser did not let the board copy. Press Ctrl+C instead.", "error"));
      },
      cut: () => {
        const encoded = copyRef.current("Cut");
        if (!encoded) return;
        void writeToClipboard(encoded).then((ok) => {
          if (ok) actionsRef.current.deleteSelection();
          else store.notify("The browser did not let the board copy. Press Ctrl+X instead.", "error");
        });
      },
      paste: () => {
        void readFromClipboard().then((pasted) => {
          if (pasted === undefined) store.notify("The browser did not let the board read the clipboard. Press Ctrl+V instead.", "error");
          else pasteRef.current(pasted);
        });
      },
      duplicate: () => actionsRef.current.duplicateSelection(),
      remove: () => actionsRef.current.deleteSelection(),
      setType: (cellType) => actionsRef.current.patchSelection({ cellType }),
      setColor: (color) => actionsRef.current.patchSelection({ color }),
      insertTrack: (axis, index) => actionsRef.current.insertTrack(axis, index),
      removeTrack: (axis, index) => actionsRef.current.removeTrack(axis, index),
      showShortcuts: () => setShortcutsOpen(true),
    }),
    [store],
  );

  const area = menuAt ? selectionArea(store, selections) : null;
  return (
    <>
      <SelectionStatus selections={selections} onClear={() => selections.set(null)} />
      {menuAt && area && (
        <BoardContextMenu at={menuAt} count={selectedCardIds(selections.get()).length} area={area} actions={menuActions} onClose={closeMenu} />
      )}
      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? `Replace ${countLabel(pending.replaced.length)}?` : "Replace cards?"}
        description={
          pending
            ? `The paste covers ${countLabel(pending.replaced.length)} with content, which ${pending.replaced.length === 1 ? "is" : "are"} replaced. You can undo this with Ctrl+Z.`
            : ""
        }
        confirmLabel="Replace"
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (pending) actionsRef.current.applyPaste(pending);
          setPending(null);
        }}
      />
    </>
  );
}

/** The rows and columns the selection covers (the menu's rows and columns are around it). */
function selectionArea(store: BoardStore, selections: SelectionStore): Rect | null {
  const selection = selections.get();
  if (!selection || selection.kind === "line") return null;
  if (selection.kind === "cell") return { row: selection.row, col: selection.col, rowSpan: 1, colSpan: 1 };
  const byId = cardIndex(store.getDoc().cards);
  return boundsOf(selectedCardIds(selection).flatMap((id) => byId.get(id) ?? []));
}

/** Shift+F10 or the menu key: the menu opens at the focused card or cell. */
function menuPlaceForKeyboard(): { x: number; y: number } {
  const focused = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  const target = focused ?? document.querySelector<HTMLElement>('[data-board-root] [role="gridcell"][aria-selected="true"]');
  const box = target?.getBoundingClientRect();
  return box
    ? { x: box.left + Math.min(24, box.width / 2), y: box.top + Math.min(24, box.height / 2) }
    : { x: window.innerWidth / 2, y: window.innerHeight / 3 };
}
