"use client";

import { useEffect, useRef, useState } from "react";
import type { Pasted } from "../clipboard/clipboard-codec";
import { readFromClipboard, readFromEvent, writeToClipboard, writeToEvent } from "../clipboard/system-clipboard";
import { ConfirmDialog } from "../dialogs/confirm-dialog";
import { cardIndex } from "../grid/card-index";
import type { PastePlan } from "../grid/group-plans";
import type { Rect } from "../grid/grid-geometry";
import type { BoardStore } from "../state/board-store";
import type { SelectionStore } from "../state/selection-store";
import { boundsOf, countLabel, selectedCardIds } from "../state/selection-model";
import type { BoardActions } from "../state/use-board-actions";
import { BoardContextMenu } from "./board-context-menu";
import type { CommandHost } from "../commands/command-host";
import { focusOnBoard, isTextEntry } from "../commands/text-entry";
import { SelectionStatus } from "./selection-status";
import { ShortcutsDialog } from "./shortcuts-dialog";

interface MultiCardLayerProps {
  store: BoardStore;
  selections: SelectionStore;
  actions: BoardActions;
  /** Where the board's commands find the clipboard, the shortcuts dialog and the menu (this layer registers them). */
  commandHost: CommandHost;
  /** The context menu's place while it is open (useBoardActions). */
  menuAt: { x: number; y: number } | null;
  closeMenu: () => void;
}

/**
 * What works on several cards at once around the canvas, for editors: the clipboard (copy, cut and
 * paste events, and the menu's Clipboard API), the context menu, the `?` dialog, the question before
 * a paste replaces cards, and the selection's count.
 */
export function MultiCardLayer({ store, selections, actions, commandHost, menuAt, closeMenu }: MultiCardLayerProps) {
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
      const encoded = actionsRef.current.copySelection(verb === "Cut" ? "cut" : "copy");
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
      if (!focusOnBoard() || count() === 0 || isTextEntry(event.target)) return;
      const encoded = copy("Cut");
      if (!encoded) {
        // Refused (a locked card): the clipboard keeps what it held.
        event.preventDefault();
        return;
      }
      writeToEvent(event, encoded);
      actionsRef.current.deleteSelection();
    };
    const onPaste = (event: ClipboardEvent) => {
      if (!focusOnBoard()) return;
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
    document.addEventListener("copy", onCopy);
    document.addEventListener("cut", onCut);
    document.addEventListener("paste", onPaste);
    pasteRef.current = paste;
    copyRef.current = copy;
    return () => {
      document.removeEventListener("copy", onCopy);
      document.removeEventListener("cut", onCut);
      document.removeEventListener("paste", onPaste);
    };
  }, [store, selections]);

  useEffect(() => {
    const clipboard = {
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
    };
    return commandHost.provide({
      clipboard,
      showShortcuts: () => setShortcutsOpen(true),
      // The menu key and Shift+F10 also make a contextmenu event, at the focused card: the menu opens once, there.
      openMenuAtFocus: () => actionsRef.current.openMenu(menuPlaceForKeyboard()),
    });
  }, [commandHost, store]);

  const area = menuAt ? selectionArea(store, selections) : null;
  const menuContext = area && commandHost.context("board", { area, selection: selections.get(), byId: cardIndex(store.getDoc().cards) });
  return (
    <>
      <SelectionStatus selections={selections} onClear={() => selections.set(null)} />
      {menuAt && menuContext && <BoardContextMenu at={menuAt} context={menuContext} onClose={closeMenu} />}
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
