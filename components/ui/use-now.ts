"use client";

import { useSyncExternalStore } from "react";

const TICK_MS = 30_000;

function subscribe(onChange: () => void) {
  const timer = setInterval(onChange, TICK_MS);
  return () => clearInterval(timer);
}

/** Rounded so that the snapshot stays the same between ticks, as useSyncExternalStore requires. */
function currentTick() {
  return Math.floor(Date.now() / TICK_MS) * TICK_MS;
}

/**
 * The current time, refreshed every 30 s; null during server rendering and hydration, so that
 * times relative to "now" are only ever computed in the browser's clock and time zone.
 */
export function useNow(): number | null {
  return useSyncExternalStore(subscribe, currentTick, () => null);
}
