"use client";

import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { ChevronDownIcon, ChevronUpIcon, CloseIcon, SearchIcon } from "@/components/ui/icons";
import { computeLayout, rectBox } from "../grid/grid-geometry";
import { revealInScroller } from "../grid/use-grid-window";
import type { BoardDoc } from "../state/board-types";
import type { Selection } from "../state/selection";
import { findMatches } from "./find-matches";

interface FindBarProps {
  doc: BoardDoc;
  scrollerRef: RefObject<HTMLElement | null>;
  /** Selects the card found, through the editor's selection. */
  select: (selection: Selection) => void;
  onClose: () => void;
  /** Changes each time Ctrl/Cmd+F asks for the bar: its field takes the focus again. */
  focusSignal: number;
  /** The matches and the current one, for the board to mark (null once the bar closes). */
  onFound: (found: FoundCards | null) => void;
}

/** What find marks on the board: every match, and the one it is on. */
export interface FoundCards {
  matches: ReadonlySet<string>;
  current: string | null;
}

const BUTTON =
  "flex size-8 items-center justify-center rounded-md text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent pointer-coarse:size-11";

/**
 * Find on the board (Ctrl/Cmd+F): matches in every card's title and notes, not only the cards the
 * window renders, each marked on the board. Typing goes to the first match; Enter / ↓ goes to the
 * next, Shift+Enter / ↑ to the previous, scrolling it into view (below the headers and this bar)
 * and selecting it; Escape closes and gives the focus back to the board.
 */
export function FindBar({ doc, scrollerRef, select, onClose, focusSignal, onFound }: FindBarProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState("");
  const [currentId, setCurrentId] = useState<string | null>(null);
  const matches = useMemo(() => findMatches(doc.cards, query), [doc.cards, query]);
  const index = currentId ? matches.indexOf(currentId) : -1;

  useEffect(() => {
    onFound(matches.length ? { matches: new Set(matches), current: currentId } : null);
  }, [matches, currentId, onFound]);
  useEffect(() => () => onFound(null), [onFound]);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [focusSignal]);

  function go(id: string) {
    setCurrentId(id);
    select({ kind: "card", id });
    const card = doc.cards.find((candidate) => candidate.id === id);
    const scroller = scrollerRef.current;
    const grid = scroller?.querySelector<HTMLElement>('[role="grid"]');
    if (!card || !scroller || !grid) return;
    const { snap } = doc;
    const bar = barRef.current?.getBoundingClientRect();
    const coveredTop = bar ? bar.bottom - scroller.getBoundingClientRect().top : 0;
    revealInScroller(grid, scroller, rectBox(computeLayout(doc.cards, snap.rowHeights, snap.colWidths, snap.cellSpacing), card), coveredTop);
  }

  function step(direction: 1 | -1) {
    if (matches.length === 0) return;
    const from = index >= 0 ? index : direction > 0 ? -1 : 0;
    go(matches[(from + direction + matches.length) % matches.length]!);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      step(event.key === "ArrowUp" || (event.key === "Enter" && event.shiftKey) ? -1 : 1);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  }

  const status = !query.trim() ? "" : matches.length === 0 ? "No matches" : index >= 0 ? `${index + 1} of ${matches.length}` : `${matches.length} found`;
  return (
    <div
      ref={barRef}
      role="search"
      aria-label="Find on the board"
      className="absolute top-2 right-3 z-30 flex max-w-[calc(100%-1.5rem)] items-center gap-1 rounded-lg bg-white p-1 pl-2.5 shadow-md ring-1 ring-slate-200"
    >
      <SearchIcon className="size-4 shrink-0 text-slate-400" />
      <input
        ref={inputRef}
        type="search"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          // As a browser's find: the first match at once, so that Enter goes on to the second.
          const first = findMatches(doc.cards, event.target.value)[0];
          if (first) go(first);
          else setCurrentId(null);
        }}
        onKeyDown={onKeyDown}
        aria-label="Find cards"
        aria-describedby="board-find-status"
        placeholder="Find on the board"
        className="h-8 w-44 min-w-0 bg-transparent text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none pointer-coarse:h-11"
      />
      <span id="board-find-status" role="status" className="min-w-16 text-right text-xs whitespace-nowrap text-slate-600 tabular-nums">
        {status}
      </span>
      <button
        type="button"
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
        disabled={matches.length === 0}
        onClick={() => step(-1)}
        className={BUTTON}
      >
        <ChevronUpIcon className="size-4" />
      </button>
      <button type="button" aria-label="Next match" title="Next match (Enter)" disabled={matches.length === 0} onClick={() => step(1)} className={BUTTON}>
        <ChevronDownIcon className="size-4" />
      </button>
      <button type="button" aria-label="Close find" title="Close (Escape)" onClick={onClose} className={BUTTON}>
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
