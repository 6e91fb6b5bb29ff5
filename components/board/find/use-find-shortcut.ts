"use client";

import { useEffect } from "react";

/**
 * Ctrl/Cmd+F on a board opens its find bar (or focuses it). A second Ctrl/Cmd+F while the bar's
 * field has the focus is the browser's own find, so that one is never out of reach.
 */
export function useFindShortcut(open: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== "f") return;
      if (document.querySelector("dialog[open]")) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('[role="search"][aria-label="Find on the board"]')) return;
      event.preventDefault();
      open();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);
}
