"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { SearchIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import type { SearchResult } from "@/lib/search/search-schemas";
import { HighlightedText } from "./highlighted-text";
import { readRecentBoards } from "./recent-boards";
import { useSearchResults } from "./use-search-results";

/** One choosable row: a result, or (for an empty query) a recently opened board. */
interface Option {
  key: string;
  href: string;
  label: string;
  result: SearchResult | null;
}

interface Group {
  id: string;
  title: string;
  /** Where the board is (its folder, its owner): two boards of one title look different. */
  place?: string;
  options: Option[];
}

/** Where Enter on a result goes: the board, with the card selected or the comment's thread open. */
export function searchResultHref(result: SearchResult): string {
  const board = `/snaps/${encodeURIComponent(result.snap.id)}`;
  const query = new URLSearchParams();
  const cardId = result.card?.id ?? result.comment?.cardId;
  if (cardId) query.set("card", cardId);
  if (result.comment) query.set("comment", result.comment.id);
  return query.size ? `${board}?${query}` : board;
}

/** Results grouped by board, the boards in the order of their best result. */
function groupResults(results: SearchResult[]): Group[] {
  const groups = new Map<string, Group>();
  for (const result of results) {
    const place = [result.snap.folder, result.snap.owner].filter(Boolean).join(" · ");
    const group = groups.get(result.snap.id) ?? { id: result.snap.id, title: result.snap.title, place, options: [] };
    groups.set(result.snap.id, group);
    group.options.push({
      key: `${result.type}:${result.comment?.id ?? result.card?.id ?? result.snap.id}`,
      href: searchResultHref(result),
      label: result.title || "Untitled",
      result,
    });
  }
  return [...groups.values()];
}

const KIND_LABEL = { snap: "Board", card: "Card", comment: "Comment" } as const;

/**
 * The search palette (Ctrl+K / Cmd+K): a native modal dialog (the browser traps focus and closes on
 * Escape) holding the search panel, mounted only while open so each opening starts empty.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>("input")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      if (openerRef.current?.isConnected) openerRef.current.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      aria-label="Search"
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="mx-auto mt-[8vh] max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-xl overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl ring-1 ring-slate-900/10 backdrop:bg-scrim backdrop:backdrop-blur-[2px] max-sm:mt-3"
    >
      {open && <SearchPanel onClose={onClose} />}
    </dialog>
  );
}

/** The combobox over a listbox of results grouped by board; arrows move, Enter opens. */
function SearchPanel({ onClose }: { onClose: () => void }) {
  const router = useRouter();
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const state = useSearchResults(text);
  const [recent] = useState(readRecentBoards);
  const listId = useId();
  const statusId = useId();

  const groups: Group[] = useMemo(() => {
    if (!text.trim()) {
      if (!recent.length) return [];
      const options = recent.map((board) => ({
        key: `recent:${board.id}`,
        href: `/snaps/${encodeURIComponent(board.id)}`,
        label: board.title || "Untitled",
        result: null,
      }));
      return [{ id: "recent", title: "Recently opened", options }];
    }
    const shown = state.status === "done" ? state.data.results : state.status === "loading" ? (state.previous?.results ?? []) : [];
    return groupResults(shown);
  }, [text, recent, state]);
  const options = groups.flatMap((group) => group.options);
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${listId}-option-${index}`;
  const indexOf = new Map(options.map((option, index) => [option.key, index]));

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: "nearest" });
  });

  function go(option: Option | undefined) {
    if (!option) return;
    onClose();
    router.push(option.href);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!options.length) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((activeIndex + step + options.length) % options.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      go(options[activeIndex]);
    }
  }

  const status = !text.trim()
    ? recent.length
      ? ""
      : "Type to search your boards, cards and comments."
    : state.status === "loading"
      ? "Searching…"
      : state.status === "error"
        ? state.error.message
        : state.status === "done" && state.data.results.length === 0
          ? `Nothing found for “${text.trim()}”.`
          : state.status === "done"
            ? `${state.data.results.length}${state.data.hasMore ? "+" : ""} ${state.data.results.length === 1 && !state.data.hasMore ? "result" : "results"}`
            : "";

  return (
    <div className="flex max-h-[min(36rem,calc(100dvh-2rem))] flex-col">
      <div className="flex items-center gap-3 border-b border-slate-200 px-4 focus-within:ring-2 focus-within:ring-indigo-500 focus-within:ring-inset">
        <SearchIcon className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
        <input
          type="text"
          role="combobox"
          aria-label="Search boards, cards and comments"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={statusId}
          value={text}
          maxLength={200}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder="Search boards, cards and comments"
          autoComplete="off"
          spellCheck={false}
          className="h-14 min-w-0 flex-1 bg-transparent text-base text-slate-900 outline-none! placeholder:text-slate-500"
        />
        {state.status === "loading" && <Spinner className="size-4 text-slate-500" />}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2">
        <p id={statusId} role="status" className={status ? "px-3 py-2 text-sm text-slate-600" : "sr-only"}>
          {status}
        </p>
        <div id={listId} role="listbox" aria-label="Search results">
          {groups.map((group) => (
            <div key={group.id} role="group" aria-labelledby={`${listId}-${group.id}`} className="mb-2 last:mb-0">
              <div id={`${listId}-${group.id}`} role="presentation" className="flex min-w-0 items-baseline gap-2 px-3 pt-2 pb-1 text-xs">
                <span className="truncate font-semibold tracking-wide text-slate-600 uppercase">{group.title || "Untitled"}</span>
                {group.place && <span className="min-w-0 shrink-[2] truncate text-slate-600">{group.place}</span>}
              </div>
              {group.options.map((option) => {
                const index = indexOf.get(option.key)!;
                const result = option.result;
                return (
                  <div
                    key={option.key}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    onMouseMove={() => index !== activeIndex && setActive(index)}
                    onClick={() => go(option)}
                    className={`cursor-pointer rounded-lg px-3 py-2 text-sm ${index === activeIndex ? "bg-indigo-50 ring-1 ring-indigo-200" : ""}`}
                  >
                    {result ? <ResultView result={result} /> : <span className="font-medium text-slate-900">{option.label}</span>}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
      <div className="hidden items-center gap-4 border-t border-slate-200 px-4 py-2 text-xs text-slate-600 sm:flex">
        <span>
          <kbd className="font-sans font-semibold">↑</kbd> <kbd className="font-sans font-semibold">↓</kbd> to move
        </span>
        <span>
          <kbd className="font-sans font-semibold">Enter</kbd> to open
        </span>
        <span>
          <kbd className="font-sans font-semibold">Esc</kbd> to close
        </span>
      </div>
    </div>
  );
}

/** A result's kind, title and, when it is not the title itself, snippet: the option's name is this text. */
function ResultView({ result }: { result: SearchResult }) {
  const snippetIsTitle = result.snippet === result.title;
  return (
    <>
      <div className="flex items-baseline gap-2">
        <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">{KIND_LABEL[result.type]}</span>{" "}
        <span className="truncate font-medium text-slate-900">
          {snippetIsTitle ? <HighlightedText text={result.title} highlights={result.highlights} /> : result.title || "Untitled"}
        </span>
      </div>
      {!snippetIsTitle && result.snippet && (
        <p className="mt-1 line-clamp-2 break-words text-slate-600">
          <HighlightedText text={result.snippet} highlights={result.highlights} />
        </p>
      )}
    </>
  );
}
