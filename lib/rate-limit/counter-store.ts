/** A counter's total in its current window, and how long until the window ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/**
 * Fixed-window counters shared by every app instance. A window starts at the first hit after the
 * previous one ended. `add(key, 0, …)` reads a counter.
 */
export interface CounterStore {
  add(key: string, amount: number, windowMs: number): Promise<WindowCount>;
}
