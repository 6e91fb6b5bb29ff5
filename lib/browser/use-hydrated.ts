"use client";

import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False in the server's HTML and until React has hydrated the component, true after. For a control
 * whose work is JavaScript's: before hydration a submit button would submit its form natively,
 * reloading the page and dropping what was typed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
