"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { SearchIcon } from "@/components/ui/icons";
import { SearchDialog } from "./search-dialog";

const noSubscription = () => () => {};
const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

/** The top bar's search button, and Ctrl+K (Cmd+K on macOS) anywhere in the app. */
export function SearchLauncher() {
  const [open, setOpen] = useState(false);
  const mac = useSyncExternalStore(noSubscription, isMac, () => false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts={mac ? "Meta+K" : "Control+K"}
        className="flex h-9 items-center gap-2 rounded-lg border border-slate-200 bg-white px-2.5 text-sm text-slate-600 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:min-w-48"
      >
        <SearchIcon className="size-4" aria-hidden="true" />
        {/* The button's name is its text (axe: a visible label must be in the name): "Search" on a phone, "Search Ctrl K" beside. */}
        <span className="sr-only sm:not-sr-only">Search</span>
        <kbd className="ml-auto hidden rounded border border-slate-200 px-1.5 font-sans text-xs text-slate-600 sm:inline">{mac ? "⌘K" : "Ctrl K"}</kbd>
      </button>
      <SearchDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
