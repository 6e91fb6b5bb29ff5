"use client";

import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import type { BoardCard } from "../state/board-types";
import { rectBox, type GridLayout } from "../grid/grid-geometry";
import type { Region } from "../grid/grid-window";
import type { Selection } from "../state/selection";

interface RevealCardInput {
  /** The card the page was opened on (`?card=`), by the board's card id; null for none. */
  cardId: string | null;
  byId: ReadonlyMap<string, BoardCard>;
  layout: GridLayout;
  gridRef: RefObject<HTMLElement | null>;
  reveal: (box: Region) => void;
  select: (selection: Selection | null) => void;
}

/**
 * Opening a board on a card (search's Enter): once the card is on the board (on a big board it may
 * come with the rest of the cards, after the first window), select it, scroll it into view and
 * focus it. A selected card is always rendered (the window pins it), so the focus finds it.
 */
export function useRevealCard({ cardId, byId, layout, gridRef, reveal, select }: RevealCardInput) {
  const handled = useRef<string | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const card = cardId ? byId.get(cardId) : undefined;

  useEffect(() => {
    if (!cardId || !card || handled.current === cardId) return;
    handled.current = cardId;
    select({ kind: "card", id: cardId });
    reveal(rectBox(layout, card));
    pendingFocus.current = cardId;
  }, [cardId, card, layout, reveal, select]);

  useLayoutEffect(() => {
    const id = pendingFocus.current;
    if (!id) return;
    const element = gridRef.current?.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(id)}"]`);
    if (!element) return;
    pendingFocus.current = null;
    element.focus({ preventScroll: true });
  });
}
