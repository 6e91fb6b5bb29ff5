"use client";

import { useSyncExternalStore } from "react";

/** Tailwind's `sm` breakpoint: below it the board's header is a phone's. */
const NARROW = "(max-width: 639.98px)";

/** Whether the window is a phone's width (false on the server: the wide header, fixed after hydration). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = matchMedia(NARROW);
      query.addEventListener("change", listener);
      return () => query.removeEventListener("change", listener);
    },
    () => matchMedia(NARROW).matches,
    () => false,
  );
}
