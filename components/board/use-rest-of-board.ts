"use client";

import { useEffect, useRef, useState } from "react";
import type { BoardCard } from "./board-types";
import type { GridExtent, RestOfBoard } from "./rest-of-board";
import { unpackCard } from "./to-board-doc";

interface RestHandlers {
  receive(cards: BoardCard[]): void;
  fail(): void;
}

/** Runs `task` in a task of its own after the next frame is painted (a hidden tab: once it is shown). */
function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(task)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Takes the rest of the board's cards when they arrive, never in the task that hydrates the first
 * window: the first cards are on screen and take input before the others are indexed. Returns the
 * grid's extent while they are on their way, null once they are in (or failed to come).
 */
export function useRestOfBoard(rest: RestOfBoard | null, handlers: RestHandlers): GridExtent | null {
  const [pending, setPending] = useState(rest !== null);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!rest) return;
    let cancel = () => {};
    let active = true;
    const settle = (run: () => void) => {
      if (!active) return;
      cancel = afterNextPaint(() => {
        run();
        setPending(false);
      });
    };
    rest.cards.then(
      (packed) => settle(() => handlersRef.current.receive(packed.map(unpackCard))),
      (error: unknown) => {
        console.error("the rest of the board could not be loaded", error);
        settle(() => handlersRef.current.fail());
      },
    );
    return () => {
      active = false;
      cancel();
    };
  }, [rest]);

  return pending && rest ? rest.extent : null;
}
