"use client";

import { useSyncExternalStore } from "react";
import type { Selection } from "./selection";

/**
 * The editor's selection outside React state: the canvas and the inspector subscribe to it, so a
 * new selection (every arrow key) renders those two, not the whole editor with its header and
 * dialogs.
 */
export class SelectionStore {
  private selection: Selection | null = null;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): Selection | null => this.selection;

  set = (selection: Selection | null): void => {
    if (sameSelection(selection, this.selection)) return;
    this.selection = selection;
    for (const listener of this.listeners) listener();
  };
}

function sameSelection(a: Selection | null, b: Selection | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.kind !== b.kind) return false;
  if (a.kind === "cell") return b.kind === "cell" && a.row === b.row && a.col === b.col;
  if (a.kind === "cards") return b.kind === "cards" && sameCell(a.anchor, b.anchor) && sameCell(a.head, b.head) && sameIds(a.ids, b.ids);
  return (b.kind === "card" || b.kind === "line") && a.id === b.id;
}

export function useSelection(store: SelectionStore): Selection | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

function sameCell(a: { row: number; col: number }, b: { row: number; col: number }): boolean {
  return a.row === b.row && a.col === b.col;
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a === b || (a.length === b.length && a.every((id, index) => id === b[index]));
}
