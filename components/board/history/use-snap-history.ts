"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { callApi } from "@/components/http/call-api";
import type { HistoryEntry, HistoryPage } from "./history-types";

const PAGE = 20;

export interface SnapHistoryState {
  entries: HistoryEntry[];
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  loadMore: () => void;
  retry: () => void;
}

const newestFirst = (entries: Iterable<HistoryEntry>) => [...entries].sort((a, b) => b.version - a.version);

/**
 * The snap's history, newest first, a page at a time. Whenever `version` moves (any write, mine or
 * someone else's, seen live) the newest page is read again and merged in on top.
 */
export function useSnapHistory(snapId: string, version: number, enabled: boolean): SnapHistoryState {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadedOnce, setLoadedOnce] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const busy = useRef(false);
  const loadedOlder = useRef(false);

  /** Reads a page (older than `before`, or the newest) and merges it; state changes only after the answer. */
  const load = useCallback(
    async (before: number | null) => {
      const query = `?limit=${PAGE}${before === null ? "" : `&before=${before}`}`;
      const result = await callApi<HistoryPage>(`/api/snaps/${snapId}/history${query}`);
      busy.current = false;
      setLoadingOlder(false);
      setLoadedOnce(true);
      if (!result.ok) {
        setError(result.error.message);
        return;
      }
      setError(null);
      setEntries((current) => {
        const byVersion = new Map(current.map((entry) => [entry.version, entry]));
        for (const entry of result.data.entries) byVersion.set(entry.version, entry);
        return newestFirst(byVersion.values());
      });
      // A refreshed newest page says nothing about the end of the list once older pages are in.
      if (before !== null) loadedOlder.current = true;
      if (before !== null || !loadedOlder.current) setHasMore(result.data.hasMore);
    },
    [snapId],
  );

  useEffect(() => {
    if (!enabled || busy.current) return;
    busy.current = true;
    void load(null);
  }, [enabled, version, attempt, load]);

  const oldest = entries.at(-1)?.version ?? null;
  return {
    entries,
    hasMore,
    loading: loadingOlder || (enabled && !loadedOnce),
    error,
    loadMore: () => {
      if (oldest === null || !hasMore || busy.current) return;
      busy.current = true;
      setLoadingOlder(true);
      void load(oldest);
    },
    retry: () => setAttempt((n) => n + 1),
  };
}
