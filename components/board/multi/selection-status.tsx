"use client";

import { useSyncExternalStore } from "react";
import type { SelectionStore } from "../state/selection-store";
import { countLabel } from "../state/selection-model";

/**
 * The count of a selection of several cards, shown over the board's corner and said by screen
 * readers (a polite live region, present before anything is selected so that the first count is
 * announced).
 */
export function SelectionStatus({ selections, onClear }: { selections: SelectionStore; onClear: () => void }) {
  const count = useSyncExternalStore(
    selections.subscribe,
    () => {
      const selection = selections.get();
      return selection?.kind === "cards" ? selection.ids.length : 0;
    },
    () => 0,
  );
  return (
    <div className="pointer-events-none absolute bottom-3 left-3 z-30 flex">
      <div className={count ? "pointer-events-auto flex items-center gap-2 rounded-full bg-slate-900 py-1 pr-1 pl-3 text-sm text-white shadow-lg" : "contents"}>
        <span role="status" aria-live="polite" data-selection-count={count || undefined} className={count ? "" : "sr-only"}>
          {count > 0 ? `${countLabel(count)} selected` : ""}
        </span>
        {count > 0 && (
          <button
            type="button"
            onClick={onClear}
            className="rounded-full px-2 py-0.5 text-xs font-medium text-slate-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
          >
            Clear selection
          </button>
        )}
      </div>
    </div>
  );
}
