"use client";

import { useEffect } from "react";
import type { BoardStore } from "./board-store";

/**
 * The save queue is flushed when the page is hidden, with a warning before leaving mid-save. (The
 * board's keys are commands: board-commands.ts.)
 */
export function useFlushOnLeave(store: BoardStore, editable: boolean) {
  useEffect(() => {
    if (!editable) return;
    const sync = store.sync;
    const onHide = () => {
      if (document.visibilityState === "hidden") sync.flush();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!sync.busy) return;
      sync.flush();
      event.preventDefault();
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("beforeunload", onBeforeUnload);
      // Leaving the page inside the app: what is queued still goes out.
      sync.flush();
    };
  }, [store, editable]);
}
