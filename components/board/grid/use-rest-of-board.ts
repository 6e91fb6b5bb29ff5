"use client";

import { useEffect, useRef, useState } from "react";
import { afterNextPaint } from "../canvas/after-paint";
import { completeCard } from "../state/to-board-doc";
import type { BoardCard } from "../state/board-types";
import type { GridExtent, RestOfBoard } from "./rest-of-board";

interface RestHandlers {
  /** A band of the rest's cards. */
  receive(cards: BoardCard[]): void;
  /** Every band is in. */
  complete(): void;
  /** A band could not be read (said once). */
  fail(): void;
}

/**
 * Takes the rest of the board's cards as their bands arrive, each in a task of its own after a
 * paint, never in the task that hydrates the first window: the first cards are on screen and take
 * input before the others are indexed. Returns the grid's extent while some are on their way,
 * null once every band has come (or failed to).
 */
export function useRestOfBoard(rest: RestOfBoard | null, handlers: RestHandlers): GridExtent | null {
  const [pending, setPending] = useState(rest !== null);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!rest) return;
    const cancels: (() => void)[] = [];
    let active = true;
    let left = rest.bands.length;
    let failed = false;
    const settle = (run: () => void) => {
      if (!active) return;
      cancels.push(
        afterNextPaint(() => {
          run();
          left -= 1;
          if (left > 0) return;
          // In a render of its own after the last band's: React keeps the tree before its last
          // render beside the current one, and this way that tree holds the whole board, not
          // also the board (and its card index) as it was before the last band.
          cancels.push(
            afterNextPaint(() => {
              if (!failed) handlersRef.current.complete();
              setPending(false);
            }),
          );
        }),
      );
    };
    for (const band of rest.bands) {
      band.then(
        (packed) => settle(() => handlersRef.current.receive(packed.map(completeCard))),
        (error: unknown) =>
          settle(() => {
            if (failed) return;
            failed = true;
            console.error("the rest of the board could not be loaded", error);
            handlersRef.current.fail();
          }),
      );
    }
    if (left === 0) settle(() => {});
    return () => {
      active = false;
      for (const cancel of cancels) cancel();
    };
  }, [rest]);

  return pending && rest ? rest.extent : null;
}
