"use client";

import { useEffect } from "react";
import type { BoardStore } from "./board-store";
import type { BoardActions } from "./use-board-actions";

const TEXT_INPUT_TYPES = new Set(["text", "search", "url", "email", "password", "number", "tel"]);

/** Fields with their own undo: Ctrl+Z there undoes typing, not a board edit. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
}

/** Page-wide keys: undo (Ctrl/Cmd+Z), redo (Shift+Ctrl/Cmd+Z, Ctrl+Y), Escape leaves connect mode. */
export function useBoardShortcuts(store: BoardStore, actions: BoardActions, connecting: boolean, editable: boolean) {
  useEffect(() => {
    if (!editable) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (document.querySelector("dialog[open]")) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && !event.altKey && (key === "z" || key === "y") && !isTextEntry(event.target)) {
        event.preventDefault();
        if (key === "y" || event.shiftKey) actions.redo();
        else actions.undo();
      } else if (event.key === "Escape" && connecting) {
        actions.cancelConnect();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [actions, connecting, editable]);
}
