"use client";

import { useCallback, useSyncExternalStore } from "react";

const KEY = "snap-board:inspector-collapsed";
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === "true";
  } catch {
    return false;
  }
}

/**
 * Whether the inspector beside the board is folded to a narrow rail (wide screens): this browser's
 * choice, kept in localStorage for every board, so it stays folded until unfolded.
 */
export function useInspectorRail(): [boolean, () => void] {
  const railed = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => false,
  );
  const toggle = useCallback(() => {
    try {
      localStorage.setItem(KEY, String(!read()));
    } catch {
      // Storage disabled: the rail cannot be kept, and stays as it is.
    }
    for (const listener of listeners) listener();
  }, []);
  return [railed, toggle];
}
