"use client";

import { useEffect } from "react";
import { holdThisTabLock } from "@/components/device/this-tab";
import type { BoardSync } from "./board-sync";

/**
 * What waits to be saved goes out now when the page is hidden or the network comes back. Leaving
 * asks for confirmation only when a change could not be written to the device: the rest is sent
 * the next time the app opens (docs/SAVING.md).
 */
export function useSaveOnLeave(sync: BoardSync, editable: boolean): void {
  useEffect(() => {
    if (!editable) return;
    holdThisTabLock();
    const onHide = () => {
      if (document.visibilityState === "hidden") sync.flush();
    };
    const onOnline = () => sync.flush();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      sync.flush();
      if (sync.atRisk > 0) event.preventDefault();
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("online", onOnline);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("beforeunload", onBeforeUnload);
      // Leaving the page inside the app: what is queued still goes out.
      sync.flush();
    };
  }, [sync, editable]);
}
