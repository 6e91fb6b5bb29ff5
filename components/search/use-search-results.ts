"use client";

import { useEffect, useState } from "react";
import { callApi, type ApiErrorBody } from "@/components/http/call-api";
import type { SearchResponse } from "@/lib/search/search-schemas";

/** Quiet time after the last keystroke before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 150;

export type SearchState =
  | { status: "idle" }
  | { status: "loading"; previous: SearchResponse | null }
  | { status: "done"; data: SearchResponse }
  | { status: "error"; error: ApiErrorBody };

type Answer = { q: string; data: SearchResponse; error?: undefined } | { q: string; error: ApiErrorBody; data?: undefined };

/**
 * Results as the person types: each new text cancels the timer and aborts the request of the one
 * before, and an answer is kept with the text it answers, so a slow, stale answer is never shown
 * for a newer text (the newer one shows "loading" over the last results until its own arrives).
 */
export function useSearchResults(text: string): SearchState {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const q = text.trim() ? text : "";

  useEffect(() => {
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const query = new URLSearchParams({ q: [...q].slice(0, 200).join(""), limit: "30" });
      try {
        const result = await callApi<SearchResponse>(`/api/search?${query}`, { signal: controller.signal });
        if (controller.signal.aborted) return;
        setAnswer(result.ok ? { q, data: result.data } : { q, error: result.error });
      } catch {
        // Aborted: a newer text took over.
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);

  if (!q) return { status: "idle" };
  if (answer?.q === q) return answer.error ? { status: "error", error: answer.error } : { status: "done", data: answer.data! };
  return { status: "loading", previous: answer?.data ?? null };
}
