"use client";

import { useEffect, useRef } from "react";
import { Spinner } from "@/components/ui/spinner";
import { CloseIcon } from "@/components/ui/icons";
import { HistoryEntryRow } from "./history-entry-row";
import type { SnapHistoryState } from "./use-snap-history";

interface HistoryPanelProps {
  history: SnapHistoryState;
  /** The version shown on the canvas as a preview, or null for the live board. */
  previewVersion: number | null;
  currentVersion: number;
  onSelect: (version: number) => void;
  onClose: () => void;
}

/**
 * The board's History panel: who changed the snap, when and how, newest first, loading older
 * entries as it scrolls to the end. A side panel on wide screens, a bottom sheet on a phone.
 */
export function HistoryPanel({ history, previewVersion, currentVersion, onSelect, onClose }: HistoryPanelProps) {
  const end = useRef<HTMLDivElement>(null);
  const { loadMore } = history;

  useEffect(() => {
    const target = end.current;
    if (!target) return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) loadMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [loadMore]);

  return (
    <aside
      aria-label="History"
      className="absolute inset-x-0 bottom-0 z-30 flex max-h-[55%] flex-col rounded-t-2xl border-t border-slate-200 bg-white shadow-[0_-8px_30px_rgb(15_23_42/0.12)] lg:static lg:z-auto lg:max-h-none lg:w-80 lg:shrink-0 lg:rounded-none lg:border-t-0 lg:border-l lg:shadow-none"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 py-2 pr-2 pl-4">
        <h2 className="text-sm font-semibold text-slate-900">History</h2>
        <button
          type="button"
          aria-label="Close history"
          onClick={onClose}
          className="flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {history.error && (
          <div role="alert" className="m-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {history.error}{" "}
            <button type="button" onClick={history.retry} className="font-medium underline">
              Try again
            </button>
          </div>
        )}
        {!history.error && history.entries.length === 0 && !history.loading && <p className="p-4 text-sm text-slate-500">No history yet for this snap.</p>}
        <ul aria-label="Versions, newest first" className="divide-y divide-slate-100">
          {history.entries.map((entry) => (
            <HistoryEntryRow
              key={entry.version}
              entry={entry}
              selected={entry.version === previewVersion}
              current={entry.version === currentVersion}
              onSelect={() => onSelect(entry.version)}
            />
          ))}
        </ul>
        <div ref={end} className="flex justify-center p-3 text-xs text-slate-500">
          {history.loading ? (
            <span className="inline-flex items-center gap-2" role="status">
              <Spinner /> Loading history…
            </span>
          ) : history.hasMore ? (
            <button type="button" onClick={loadMore} className="rounded-md px-2 py-1 font-medium text-indigo-700 hover:bg-indigo-50">
              Load older versions
            </button>
          ) : history.entries.length > 0 ? (
            <span>{history.entries.at(-1)?.version === 1 ? "That is the snap's whole history." : "Older versions are no longer kept."}</span>
          ) : null}
        </div>
      </div>
    </aside>
  );
}
